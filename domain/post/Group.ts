import { Segment, type SegmentInput, type SegmentSnapshot } from './Segment';
import { type ValidationProblems } from '../shared/ValidationProblems';

export interface GroupInput {
  readonly id: string;
  readonly isDefault: boolean;
  readonly segments: readonly SegmentInput[];
}

/** A group as stored; the entity holds the same fields with its segments as entities (`S`). */
export interface GroupSnapshot<S = SegmentSnapshot> {
  readonly id: string;
  readonly isDefault: boolean;
  readonly segments: readonly S[];
}

/**
 * A version of the content (its segments). Targets point at the group they publish, so one
 * post can say the same thing differently per platform; the default group is the base text.
 */
export class Group {
  private constructor(private readonly props: GroupSnapshot<Segment>) {}

  /** Checks the group on its own; rules involving other groups or platforms live in PostContent. */
  static create(input: GroupInput, path: string, problems: ValidationProblems): Group {
    if (input.id.trim() === '') problems.add(`${path}.id`, 'must not be empty');
    if (input.segments.length === 0) problems.add(`${path}.segments`, 'must hold at least one segment');
    const segments = input.segments.map((s, i) => Segment.create(s, `${path}.segments[${i}]`, problems));
    return new Group({ id: input.id, isDefault: input.isDefault, segments: Object.freeze(segments) });
  }

  static rehydrate(snapshot: GroupSnapshot): Group {
    return new Group({ ...snapshot, segments: Object.freeze(snapshot.segments.map(Segment.rehydrate)) });
  }

  get id(): string {
    return this.props.id;
  }
  get isDefault(): boolean {
    return this.props.isDefault;
  }
  get segments(): readonly Segment[] {
    return this.props.segments;
  }

  toSnapshot(): GroupSnapshot {
    return { id: this.id, isDefault: this.isDefault, segments: this.segments.map((s) => s.toSnapshot()) };
  }
}
