import { DAYS, MAX_SLOTS } from '../../../../../domain/schedule/PostingSchedule';
import { TIME_ZONE_MAX } from '../../contract/requestLimits';
import { schemaRef } from '../refs';
import { type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';

const timeZone = {
  type: 'string',
  minLength: 1,
  maxLength: TIME_ZONE_MAX,
  description: 'An IANA time zone (Europe/Berlin, America/New_York, UTC); answered as the zone names itself.',
} as const;
const weeklySlots = {
  type: 'array',
  maxItems: MAX_SLOTS,
  items: schemaRef('WeeklySlot'),
  description: `At most ${MAX_SLOTS}, no two the same; answered ordered by day and time.`,
} as const;

/** Posting schedules and their slots (docs/posts.md, "Posting schedules"). */
export const scheduleSchemas: SchemaMap = {
  WeeklySlot: closedObject({
    description: "A weekly slot on the wall clock of the schedule's time zone.",
    properties: {
      day: { type: 'string', enum: [...DAYS] },
      time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, 00:00 to 23:59.' },
    },
  }),
  PostingScheduleRequest: closedObject({ properties: { timeZone, slots: weeklySlots } }),
  PostingSchedule: closedObject({
    description:
      "A connection's posting schedule. Slots follow the zone's daylight-saving changes: a slot the spring change skips is the first minute after the jump; " +
      'one the autumn change repeats is its first occurrence, used once. A connection without one has no slots (UTC, updatedAt null).',
    properties: { connectionId: id, timeZone, slots: weeklySlots, updatedAt: nullable({ ...timestamp }) },
  }),
  ScheduleSlot: closedObject({
    properties: {
      at: timestamp,
      postId: nullable({ type: 'string', description: 'The post whose queued target holds the slot; null when it is free.' }),
      targetId: nullable({ type: 'string' }),
    },
  }),
  ScheduleSlotList: closedObject({ properties: { data: arrayOf(schemaRef('ScheduleSlot'), 'Oldest first.') } }),
};
