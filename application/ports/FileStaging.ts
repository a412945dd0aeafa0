import { type Readable } from 'node:stream';

/**
 * Local scratch files: incoming bytes land here first, so they can be inspected (ffprobe
 * needs a file) before they reach the MediaStore. Every staged file is removed by `discard`.
 */
export interface FileStaging {
  /** Writes `body` to a new scratch file, failing with `StagingTooLarge` past `maxBytes`. */
  stage(body: Readable, maxBytes: number): Promise<{ readonly file: string; readonly sizeBytes: number }>;
  /** A fresh scratch path nothing is written to yet (e.g. for a video frame). */
  reserve(extension: string): string;
  open(file: string): Readable;
  discard(file: string): Promise<void>;
  /** Removes scratch files last written before `before` (left by a process that stopped mid-way); how many. */
  sweep(before: Date): Promise<number>;
}

export class StagingTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
    this.name = 'StagingTooLarge';
  }
}
