import { ArrayMaxSize, IsArray, IsString, MaxLength, MinLength } from 'class-validator';
import { MAX_SLOTS } from '../../../../domain/schedule/PostingSchedule';
import { TIME_ZONE_MAX } from '../contract/requestLimits';

/** The body of PUT …/connections/{id}/schedule: its shape; each slot is the domain's to check (domain/schedule/PostingSchedule.ts). */
export class ScheduleBody {
  @IsString() @MinLength(1) @MaxLength(TIME_ZONE_MAX) timeZone!: string;
  @IsArray() @ArrayMaxSize(MAX_SLOTS) slots!: unknown[];
}
