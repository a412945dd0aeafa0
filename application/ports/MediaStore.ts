import { type Readable } from 'node:stream';

/**
 * Where media bytes live: local disk by default, an S3-compatible bucket for several
 * instances (docs/decisions.md, "Media"). Keys are made by the service, never by a user.
 * Every operation streams: no implementation holds a whole file in memory.
 */
export interface MediaStore {
  /**
   * Stores `body` under `key` and resolves to the bytes written once all are stored. When the
   * stream fails, none of its bytes are left under `key` (what the key held before stays) and
   * the promise rejects with the stream's error.
   */
  put(key: string, body: Readable, contentType: string): Promise<{ readonly sizeBytes: number }>;
  /** The bytes under `key` (from `range.start` to `range.end` inclusive when given); null when absent. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The size under `key`, or null when absent. */
  size(key: string): Promise<number | null>;
  /** Removes `key`; an absent key is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every key that starts with `prefix` (an upload's parts). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A URL the bytes can be fetched from without credentials until `expiresInSeconds` have
   * passed: the store's own presigned URL, or null when the service serves them itself.
   */
  presignedUrl(key: string, expiresInSeconds: number, contentType: string): Promise<string | null>;
}

export interface ByteRange {
  readonly start: number;
  readonly end?: number;
}

export interface StoredObject {
  readonly body: Readable;
  /** The size of the whole object, not of the range. */
  readonly sizeBytes: number;
}
