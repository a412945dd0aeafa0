import { type TranscriptionPosition, type Transcriptions, type TranscriptionUsage } from '../../../../application/ports/transcription/Transcriptions';
import { type Transcription } from '../../../../domain/transcription/Transcription';

const newestFirst = (a: Transcription, b: Transcription): number => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Transcriptions in this process's memory: for the unit tests. */
export class MemoryTranscriptions implements Transcriptions {
  private readonly items: Transcription[] = [];

  async add(transcription: Transcription): Promise<void> {
    this.items.push(structuredClone(transcription));
  }

  async listAfter(userId: string, after: TranscriptionPosition | null, limit: number): Promise<Transcription[]> {
    const isAfter = (t: Transcription) =>
      after === null || t.createdAt.getTime() < after.createdAtMs || (t.createdAt.getTime() === after.createdAtMs && t.id < after.id);
    return this.items
      .filter((t) => t.userId === userId && isAfter(t))
      .sort(newestFirst)
      .slice(0, limit)
      .map((t) => structuredClone(t));
  }
}

/** Usage counts in this process's memory; JavaScript's single thread makes each reserve atomic. */
export class MemoryTranscriptionUsage implements TranscriptionUsage {
  private readonly counts = new Map<string, number>();

  async used(userId: string, periodKey: string): Promise<number> {
    return this.counts.get(`${userId}\n${periodKey}`) ?? 0;
  }

  async reserve(userId: string, periodKey: string, limit: number): Promise<boolean> {
    const key = `${userId}\n${periodKey}`;
    const used = this.counts.get(key) ?? 0;
    if (used >= limit) return false;
    this.counts.set(key, used + 1);
    return true;
  }

  async release(userId: string, periodKey: string): Promise<void> {
    const key = `${userId}\n${periodKey}`;
    this.counts.set(key, Math.max(0, (this.counts.get(key) ?? 0) - 1));
  }
}
