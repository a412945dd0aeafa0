import { Media, type MediaInput, type MediaSnapshot } from './Media';
import { type ValidationProblems, isFiniteNonNegative } from '../shared/ValidationProblems';

export interface SegmentInput {
  readonly text: string;
  readonly media: readonly MediaInput[];
  readonly delayMinutes?: number | null;
}

/** A segment as stored; the entity holds the same fields with its media as entities (`M`). */
export interface SegmentSnapshot<M = MediaSnapshot> {
  readonly text: string;
  readonly media: readonly M[];
  readonly delayMinutes: number | null;
}

/**
 * One piece of a group: the first segment is the post itself, later ones become thread
 * replies or comments depending on the platform.
 */
export class Segment {
  private constructor(private readonly props: SegmentSnapshot<Media>) {}

  static create(input: SegmentInput, path: string, problems: ValidationProblems): Segment {
    const media = input.media.map((m, i) => Media.create(m, `${path}.media[${i}]`, problems));
    // A segment with neither text nor media would publish an empty post or reply.
    if (input.text.trim() === '' && media.length === 0) {
      problems.add(`${path}.text`, 'must not be empty when the segment has no media');
    }
    const delay = input.delayMinutes;
    if (delay !== undefined && delay !== null && !isFiniteNonNegative(delay)) {
      problems.add(`${path}.delayMinutes`, 'must be a finite number ≥ 0');
    }
    return new Segment({ text: input.text, media: Object.freeze(media), delayMinutes: delay ?? null });
  }

  static rehydrate(snapshot: SegmentSnapshot): Segment {
    return new Segment({ ...snapshot, media: Object.freeze(snapshot.media.map(Media.rehydrate)) });
  }

  get text(): string {
    return this.props.text;
  }
  get media(): readonly Media[] {
    return this.props.media;
  }
  get delayMinutes(): number | null {
    return this.props.delayMinutes;
  }
  get hasMedia(): boolean {
    return this.media.length > 0;
  }

  toSnapshot(): SegmentSnapshot {
    return { text: this.text, media: this.media.map((m) => m.toSnapshot()), delayMinutes: this.delayMinutes };
  }
}
