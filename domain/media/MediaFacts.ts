/** What a stored file is, read from its bytes (never its name or the type a client claimed). */
export type MediaKind = 'image' | 'video';

/**
 * The facts about one ready media item that platforms' rules are checked against
 * (docs/decisions.md, "Media").
 */
export interface MediaFacts {
  readonly kind: MediaKind;
  /** From the bytes, e.g. `image/jpeg`, `video/mp4`. */
  readonly mimeType: string;
  readonly sizeBytes: number;
  readonly width: number;
  readonly height: number;
  /** Videos only; null for images. */
  readonly durationSeconds: number | null;
  /** Videos only, as ffprobe names them (`h264`, `hevc`; `aac`); null when absent. */
  readonly videoCodec: string | null;
  readonly audioCodec: string | null;
}
