import path from 'node:path';
import { type MediaSettings } from '../application/media/MediaSettings';
import { DEFAULT_INSPECTION_LIMITS as LIMITS, type InspectionLimits } from '../adapters/outbound/media/inspection/inspectionLimits';
import { ConfigError, type Env, flag, integer, oneOf, url } from './envValues';

const MiB = 1024 * 1024;

export interface S3Config {
  readonly bucket: string;
  readonly region: string;
  /** An S3-compatible endpoint (MinIO, R2…); null for AWS itself. */
  readonly endpoint: string | null;
  readonly forcePathStyle: boolean;
  /** Null: the SDK's default credential chain (environment, instance role). */
  readonly accessKeyId: string | null;
  readonly secretAccessKey: string | null;
}

/** The media library's settings (README, "Configuration"; docs/decisions.md, "Media"). */
export interface MediaConfig extends MediaSettings {
  readonly store: 'local' | 's3';
  /** Local disk: where the files live (default `<DATA_DIR>/media`); scratch files go to `<DATA_DIR>/scratch`. */
  readonly directory: string;
  readonly scratchDirectory: string;
  readonly s3: S3Config | null;
  readonly ffprobePath: string;
  readonly ffmpegPath: string;
  /** The largest image and video the inspector decodes, and how many files it works on at once. */
  readonly inspection: InspectionLimits;
  /** Items still processing after this long were interrupted (housekeeping ends them failed). */
  readonly staleProcessingSeconds: number;
}

export function mediaConfig(env: Env, dataDir: string, uploadLimitBytes: number): MediaConfig {
  const store = oneOf(env, 'MEDIA_STORE', ['local', 's3'] as const, 'local');
  const partSizeBytes = integer(env, 'MEDIA_PART_BYTES', Math.min(8 * MiB, uploadLimitBytes), 1024, uploadLimitBytes);
  return {
    store,
    directory: path.resolve(env.MEDIA_DIR?.trim() || path.join(dataDir, 'media')),
    scratchDirectory: path.join(dataDir, 'scratch'),
    s3: store === 's3' ? s3Config(env) : null,
    maxUploadBytes: uploadLimitBytes,
    maxResumableBytes: integer(env, 'MEDIA_MAX_RESUMABLE_BYTES', 4 * 1024 * MiB, 1024, 256 * 1024 ** 4),
    partSizeBytes,
    uploadTtlSeconds: integer(env, 'MEDIA_UPLOAD_TTL_SECONDS', 24 * 3600, 60, 30 * 86_400),
    importTimeoutMs: integer(env, 'MEDIA_IMPORT_TIMEOUT_MS', 120_000, 100, 3_600_000),
    linkTtlSeconds: integer(env, 'MEDIA_LINK_TTL_SECONDS', 3600, 60, 7 * 86_400),
    stripImageLocation: flag(env, 'MEDIA_STRIP_LOCATION', true),
    ffprobePath: env.FFPROBE_PATH?.trim() || 'ffprobe',
    ffmpegPath: env.FFMPEG_PATH?.trim() || 'ffmpeg',
    inspection: {
      maxImagePixels: integer(env, 'MEDIA_MAX_IMAGE_PIXELS', LIMITS.maxImagePixels, 1, 2 ** 32),
      // ffmpeg's -max_pixels takes at most INT_MAX.
      maxVideoPixels: integer(env, 'MEDIA_MAX_VIDEO_PIXELS', LIMITS.maxVideoPixels, 1, 2 ** 31 - 1),
      maxVideoSeconds: integer(env, 'MEDIA_MAX_VIDEO_SECONDS', LIMITS.maxVideoSeconds, 1, 7 * 86_400),
      concurrency: integer(env, 'MEDIA_INSPECTION_CONCURRENCY', LIMITS.concurrency, 1, 64),
    },
    staleProcessingSeconds: integer(env, 'MEDIA_STALE_PROCESSING_SECONDS', 3600, 60, 7 * 86_400),
  };
}

function s3Config(env: Env): S3Config {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new ConfigError('S3_BUCKET', 'is required when MEDIA_STORE=s3');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || null;
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new ConfigError('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  }
  return {
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint: url(env, 'S3_ENDPOINT', null, ['http:', 'https:']),
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', false),
    accessKeyId,
    secretAccessKey,
  };
}
