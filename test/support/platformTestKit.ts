import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { type MediaAccess, type PublishingAccount } from '../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../application/ports/PlatformPublisher';

/** The connector tests' "now". */
export const NOW = new Date('2026-11-23T12:00:00Z');

export const DAY_MS = 86_400_000;

/** A connector's options pointing at an OAuth platform's fake (API and consent screen alike), its clock at NOW. */
export const optionsFor = (fake: { readonly baseUrl: string; readonly state: { readonly clientId: string; readonly clientSecret: string } }) => ({
  clientId: fake.state.clientId,
  clientSecret: fake.state.clientSecret,
  apiBaseUrl: fake.baseUrl,
  authBaseUrl: fake.baseUrl,
  timeoutMs: 5_000,
  now: () => NOW,
});

/** An OAuth 2.0 grant as a finished connection holds it, its lifetimes counted from NOW (`null`: it does not expire). */
export function oauth2Grant(
  tokens: { accessToken: string; refreshToken: string | null },
  lifetimes: { accessMs: number; refreshMs: number | null },
  scopes: string[],
): OAuth2Grant {
  return {
    kind: 'oauth2',
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessExpiresAt: new Date(NOW.getTime() + lifetimes.accessMs),
    refreshExpiresAt: lifetimes.refreshMs === null ? null : new Date(NOW.getTime() + lifetimes.refreshMs),
    scopes,
  };
}

/** A segment as the engine hands it to a connector: the first and only one of target-1, with the platform's `content`. */
export function segmentToPublish(
  content: Pick<SegmentToPublish, 'settings' | 'text'> & Partial<SegmentToPublish>,
  overrides: Partial<SegmentToPublish> = {},
): SegmentToPublish {
  return {
    connectionId: 'connection-1',
    media: [],
    segmentIndex: 0,
    segmentCount: 1,
    replyToPlatformPostId: null,
    checkpoint: null,
    idempotencyKey: 'target-1:0:1',
    ...content,
    ...overrides,
  };
}

/** What media read from disk look like to a connector: `.mp4` files are videos, the rest images. */
export interface DiskMediaLooks {
  readonly width: number;
  readonly height: number;
  readonly videoSeconds: number;
  readonly videoAudioCodec?: string | null;
  readonly imageMimeType?: (file: string) => string;
  /** How much a read takes at a time; Node's default when not given. */
  readonly chunkBytes?: number;
}

/** A file on disk opened as the library opens media, with facts that look as `looks` says. */
export async function openFromDisk(file: string, looks: DiskMediaLooks) {
  const { size } = await fs.stat(file);
  const video = file.endsWith('.mp4');
  const facts = {
    kind: video ? ('video' as const) : ('image' as const),
    mimeType: video ? 'video/mp4' : (looks.imageMimeType?.(file) ?? 'image/png'),
    sizeBytes: size,
    width: looks.width,
    height: looks.height,
    durationSeconds: video ? looks.videoSeconds : null,
    videoCodec: video ? 'h264' : null,
    audioCodec: video ? (looks.videoAudioCodec ?? null) : null,
  };
  const body = createReadStream(file, looks.chunkBytes === undefined ? undefined : { highWaterMark: looks.chunkBytes });
  return { body, facts };
}

/** Library media backed by files on disk (media id to path), linked as `linkOf` says. */
export function mediaOnDisk(files: Record<string, string>, looks: DiskMediaLooks, linkOf: (mediaId: string) => string): MediaAccess {
  return {
    open: (mediaId) => openFromDisk(files[mediaId], looks),
    link: async (mediaId) => linkOf(mediaId),
  };
}

/** An account the connection knows nothing of beyond its grant: no id, no handle, nothing chosen to publish as. */
export const UNNAMED_ACCOUNT: PublishingAccount = { accountId: null, handle: '', publishAs: null };
