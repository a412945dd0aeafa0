/** The operator's media limits (README, "Configuration"). */
export interface MediaSettings {
  /** Largest file accepted by a direct upload or an import. */
  readonly maxUploadBytes: number;
  /** Largest file a resumable upload may declare. */
  readonly maxResumableBytes: number;
  readonly partSizeBytes: number;
  /** How long an incomplete resumable upload is kept. */
  readonly uploadTtlSeconds: number;
  readonly importTimeoutMs: number;
  /** How long a signed link to a file stays valid. */
  readonly linkTtlSeconds: number;
  /** Whether EXIF location is removed from images (on by default). */
  readonly stripImageLocation: boolean;
}
