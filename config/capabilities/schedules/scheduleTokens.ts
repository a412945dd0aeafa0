import { type QueueSlots } from '../../../application/ports/QueueSlots';
import { type NextFreeSlot } from '../../../application/schedules/NextFreeSlot';
import { type PostingSchedules } from '../../../application/schedules/PostingSchedules';
import { type QueuedTargets } from '../../../application/schedules/QueuedTargets';
import { type RequeuePost } from '../../../application/schedules/RequeuePost';
import { type PostingScheduleRepository } from '../../../domain/schedule/PostingScheduleRepository';
import { token } from '../../Wiring';

/** Posting schedules and the queue (docs/posts.md, "Posting schedules"): the stores and the use cases. */
export const SCHEDULE_TOKENS = {
  PostingScheduleRepository: token<PostingScheduleRepository>('PostingScheduleRepository'),
  QueueSlots: token<QueueSlots>('QueueSlots'),
  NextFreeSlot: token<NextFreeSlot>('NextFreeSlot'),
  QueuedTargets: token<QueuedTargets>('QueuedTargets'),
  PostingSchedules: token<PostingSchedules>('PostingSchedules'),
  RequeuePost: token<RequeuePost>('RequeuePost'),
};
