import { type Transcription } from '../../../domain/transcription/Transcription';

/** Where a page of transcriptions resumes: after this item, newest first. */
export interface TranscriptionPosition {
  readonly createdAtMs: number;
  readonly id: string;
}

/** A person's transcriptions, newest first (created_at, then id, both descending). */
export interface Transcriptions {
  add(transcription: Transcription): Promise<void>;
  /** Up to `limit` of the user's items strictly after `after` (null: from the newest). */
  listAfter(userId: string, after: TranscriptionPosition | null, limit: number): Promise<Transcription[]>;
}

/**
 * Counts per person and period. `reserve` takes one slot in a single conditional statement
 * (used < limit), so concurrent requests never pass the limit; `release` gives it back.
 */
export interface TranscriptionUsage {
  used(userId: string, periodKey: string): Promise<number>;
  reserve(userId: string, periodKey: string, limit: number): Promise<boolean>;
  release(userId: string, periodKey: string): Promise<void>;
}
