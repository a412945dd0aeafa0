import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { SCHEDULE_OPERATIONS } from '../../../adapters/inbound/http/operations/scheduleOperations';
import { MemoryPostRepository } from '../../../adapters/outbound/persistence/memory/MemoryPostRepository';
import { MemoryPostingSchedules, MemoryQueueSlots, type TargetBookings } from '../../../adapters/outbound/persistence/memory/MemorySchedules';
import { type PostRepository } from '../../../domain/post/PostRepository';
import { TypeOrmPostingSchedules } from '../../../adapters/outbound/persistence/typeorm/schedules/TypeOrmPostingSchedules';
import { TypeOrmQueueSlots } from '../../../adapters/outbound/persistence/typeorm/schedules/TypeOrmQueueSlots';
import { NextFreeSlot } from '../../../application/schedules/NextFreeSlot';
import { PostingSchedules } from '../../../application/schedules/PostingSchedules';
import { QueuedTargets } from '../../../application/schedules/QueuedTargets';
import { RequeuePost } from '../../../application/schedules/RequeuePost';
import { type Capability } from '../Capability';
import { type QueueSlots } from '../../../application/ports/QueueSlots';
import { type PostingScheduleRepository } from '../../../domain/schedule/PostingScheduleRepository';
import { CORE_TOKENS } from '../../coreTokens';
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

const T = { ...CORE_TOKENS, ...SCHEDULE_TOKENS };

/** Posting schedules, their slots, and the queue a post's targets take them from. */
export const SCHEDULES: Capability = {
  name: 'schedules',
  bind({ wiring: w, stores }) {
    w.value(T.PostingScheduleRepository, stores.pick({ database: (ds) => new TypeOrmPostingSchedules(ds), memory: () => new MemoryPostingSchedules() }));
    w.build(T.QueueSlots, [T.PostRepository], (posts) =>
      stores.pick({ database: (ds) => new TypeOrmQueueSlots(ds), memory: () => new MemoryQueueSlots(bookingsIn(posts)) }),
    );
    w.construct(T.NextFreeSlot, NextFreeSlot, [T.QueueSlots]);
    w.construct(T.QueuedTargets, QueuedTargets, [T.PostingScheduleRepository, T.QueueSlots, T.NextFreeSlot]);
    w.construct(T.PostingSchedules, PostingSchedules, [T.ConnectionRepository, T.PostingScheduleRepository, T.QueueSlots, T.Clock]);
    w.construct(T.RequeuePost, RequeuePost, [T.PostStore, T.PostingScheduleRepository, T.QueueSlots, T.NextFreeSlot, T.Clock]);
  },
  routes: (get) => ({ api: [apiRouter(SCHEDULE_OPERATIONS, { schedules: get(T.PostingSchedules), requeue: get(T.RequeuePost) })] }),
};

/** In memory, the posts' own store answers which instants their targets take. */
function bookingsIn(posts: PostRepository): TargetBookings {
  if (!(posts instanceof MemoryPostRepository)) throw new Error('in-memory queue slots need the in-memory post repository');
  return posts;
}
