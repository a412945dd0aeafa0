import { type ValidationProblems, isFiniteNonNegative } from '../shared/ValidationProblems';

/** A media item as the request carries it (types already checked by the HTTP layer). */
export interface MediaInput {
  readonly id: string;
  readonly altText?: string | null;
  readonly thumbnailMediaId?: string | null;
  readonly thumbnailTimestamp?: number | null;
}

/** Stored and returned shape: optional fields are null when empty, never missing. */
export interface MediaSnapshot {
  readonly id: string;
  readonly altText: string | null;
  readonly thumbnailMediaId: string | null;
  readonly thumbnailTimestamp: number | null;
}

/** A reference to an uploaded media item, attached to one segment. */
export class Media {
  private constructor(private readonly props: MediaSnapshot) {}

  /** Validates; problems go to `problems` under `path` and the result is then unusable. */
  static create(input: MediaInput, path: string, problems: ValidationProblems): Media {
    if (input.id.trim() === '') problems.add(`${path}.id`, 'must not be empty');
    const at = input.thumbnailTimestamp;
    if (at !== undefined && at !== null && !isFiniteNonNegative(at)) {
      problems.add(`${path}.thumbnailTimestamp`, 'must be a finite number ≥ 0');
    }
    return new Media({
      id: input.id,
      altText: input.altText ?? null,
      thumbnailMediaId: input.thumbnailMediaId ?? null,
      thumbnailTimestamp: at ?? null,
    });
  }

  static rehydrate(snapshot: MediaSnapshot): Media {
    return new Media({ ...snapshot });
  }

  get id(): string {
    return this.props.id;
  }

  toSnapshot(): MediaSnapshot {
    return { ...this.props };
  }
}
