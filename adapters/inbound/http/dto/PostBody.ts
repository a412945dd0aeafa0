import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNumber, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import { POST_INTENTS, POST_SOURCES, type PostIntent, type PostSource } from '../../../../domain/post/PostStatus';
import { REVIEW_DECISIONS, type ReviewDecision } from '../../../../domain/post/Review';
import {
  ALT_TEXT_MAX,
  GROUPS_PER_POST_MAX,
  ID_MAX,
  MEDIA_PER_SEGMENT_MAX,
  REVIEW_COMMENT_MAX,
  SEGMENTS_PER_GROUP_MAX,
  TARGETS_PER_POST_MAX,
  TEXT_MAX,
} from '../contract/requestLimits';
import { IsInstant } from './instant';
import { OptionalNullable, RequiredNullable } from './nullable';
import { SpecialNumbers } from './numbers';

export class MediaBody {
  @IsString() @MaxLength(ID_MAX) id!: string;
  @OptionalNullable() @IsString() @MaxLength(ALT_TEXT_MAX) altText?: string | null;
  @OptionalNullable() @IsString() @MaxLength(ID_MAX) thumbnailMediaId?: string | null;
  @SpecialNumbers() @OptionalNullable() @IsNumber({ allowNaN: true, allowInfinity: true }) thumbnailTimestamp?: number | null;
}

export class SegmentBody {
  @IsString() @MaxLength(TEXT_MAX) text!: string;
  @IsArray()
  @ArrayMaxSize(MEDIA_PER_SEGMENT_MAX)
  @IsObject({ each: true, message: 'each item must be an object' })
  @ValidateNested({ each: true })
  @Type(() => MediaBody)
  media!: MediaBody[];
  @SpecialNumbers() @OptionalNullable() @IsNumber({ allowNaN: true, allowInfinity: true }) delayMinutes?: number | null;
}

export class GroupBody {
  @IsString() @MaxLength(ID_MAX) id!: string;
  @IsBoolean() isDefault!: boolean;
  @IsArray()
  @ArrayMaxSize(SEGMENTS_PER_GROUP_MAX)
  @IsObject({ each: true, message: 'each item must be an object' })
  @ValidateNested({ each: true })
  @Type(() => SegmentBody)
  segments!: SegmentBody[];
}

/** Settings' `values` vary by platform: the domain reads them (unknown keys, enums, required ones). */
export class TargetSettingsBody {
  @IsString() platform!: string;
  @IsObject() values!: Record<string, unknown>;
}

export class TargetBody {
  @IsString() @MaxLength(ID_MAX) connectionId!: string;
  @IsString() @MaxLength(ID_MAX) groupId!: string;
  @IsObject() @ValidateNested() @Type(() => TargetSettingsBody) settings!: TargetSettingsBody;
  @RequiredNullable() @IsInstant() scheduledAt!: string | null;
  /** Take the connection's next free slot (with scheduledAt null and intent schedule). */
  @OptionalNullable() @IsBoolean() queue?: boolean | null;
}

/** docs/spec.md "Post create / update body". */
export class PostBody {
  @IsArray()
  @ArrayMaxSize(GROUPS_PER_POST_MAX)
  @IsObject({ each: true, message: 'each item must be an object' })
  @ValidateNested({ each: true })
  @Type(() => GroupBody)
  groups!: GroupBody[];
  @IsArray()
  @ArrayMaxSize(TARGETS_PER_POST_MAX)
  @IsObject({ each: true, message: 'each item must be an object' })
  @ValidateNested({ each: true })
  @Type(() => TargetBody)
  targets!: TargetBody[];
  @OptionalNullable() @IsIn(POST_INTENTS) intent?: PostIntent | null;
  @OptionalNullable() @IsIn(POST_SOURCES) source?: PostSource | null;
  @OptionalNullable() @IsString() @MaxLength(ID_MAX) externalSubmissionId?: string | null;
  @OptionalNullable() @IsBoolean() submitForReview?: boolean | null;
}

/** docs/spec.md "Target update body": every field optional. */
export class TargetUpdateBody {
  @OptionalNullable() @IsString() @MaxLength(ID_MAX) groupId?: string | null;
  @OptionalNullable() @IsObject() @ValidateNested() @Type(() => TargetSettingsBody) settings?: TargetSettingsBody | null;
  @OptionalNullable() @IsInstant() scheduledAt?: string | null;
}

export class ReviewBody {
  @IsIn(REVIEW_DECISIONS) decision!: ReviewDecision;
  @OptionalNullable() @IsString() @MaxLength(REVIEW_COMMENT_MAX) comment?: string | null;
}
