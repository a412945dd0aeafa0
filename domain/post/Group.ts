import { Segment, type SegmentInput, type SegmentSnapshot } from './Segment';
import { type ValidationProblems } from '../shared/ValidationProblems';

export interface GroupInput {
  readonly id: string;
  readonly isDefault: boolean;
  readonly segments: readonly SegmentInput[];
}

export interface GroupSnapshot {
  readonly id: string;
  readonly isDefault: boolean;
  readonly segments: readonly SegmentSnapshot[];
}

/**
 * A version of the content (its segments). Targets point at the group they publish, so one
 * post can say the same thing differently per platform; the default group is the base text.
 */
export class Group {
  private constructor(
    readonly id: string,
    readonly isDefault: boolean,
    readonly segments: readonly Segment[],
  ) {}

  /** Checks the group on its own; rules involving other groups or platforms live in PostContent. */
  static create(input: GroupInput, path: string, problems: ValidationProblems): Group {
    if (input.id.trim() === '') problems.add(`${path}.id`, 'must not be empty');
    if (input.segments.length === 0) problems.add(`${path}.segments`, 'must hold at least one segment');
    const segments = input.segments.map((s, i) => Segment.create(s, `${path}.segments[${i}]`, problems));
    return new Group(input.id, input.isDefault, Object.freeze(segments));
  }

  static rehydrate(snapshot: GroupSnapshot): Group {
    return new Group(snapshot.id, snapshot.isDefault, Object.freeze(snapshot.segments.map(Segment.rehydrate)));
  }

  toSnapshot(): GroupSnapshot {
    return { id: this.id, isDefault: this.isDefault, segments: this.segments.map((s) => s.toSnapshot()) };
  }
}
