import { IsArray, IsString } from 'class-validator';

/** The body of PUT …/connections/{id}/schedule: its shape; each slot is the domain's to check (domain/schedule/PostingSchedule.ts). */
export class ScheduleBody {
  @IsString() timeZone!: string;
  @IsArray() slots!: unknown[];
}
