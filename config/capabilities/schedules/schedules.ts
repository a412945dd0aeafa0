import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { SCHEDULE_OPERATIONS } from '../../../adapters/inbound/http/operations/scheduleOperations';
import { MemoryPostingSchedules, MemoryQueueSlots } from '../../../adapters/outbound/persistence/memory/MemorySchedules';
import { TypeOrmPostingSchedules } from '../../../adapters/outbound/persistence/typeorm/schedules/TypeOrmPostingSchedules';
import { TypeOrmQueueSlots } from '../../../adapters/outbound/persistence/typeorm/schedules/TypeOrmQueueSlots';
import { NextFreeSlot } from '../../../application/schedules/NextFreeSlot';
import { PostingSchedules } from '../../../application/schedules/PostingSchedules';
import { QueuedTargets } from '../../../application/schedules/QueuedTargets';
import { RequeuePost } from '../../../application/schedules/RequeuePost';
import { TOKENS as T } from '../../tokens';
import { type Capability } from '../Capability';

/** Posting schedules, their slots, and the queue a post's targets take them from. */
export const SCHEDULES: Capability = {
  name: 'schedules',
  bind({ wiring: w, stores }) {
    w.value(T.PostingScheduleRepository, stores.pick({ database: (ds) => new TypeOrmPostingSchedules(ds), memory: () => new MemoryPostingSchedules() }));
    w.value(T.QueueSlots, stores.pick({ database: (ds) => new TypeOrmQueueSlots(ds), memory: () => new MemoryQueueSlots() }));
    w.construct(T.NextFreeSlot, NextFreeSlot, [T.QueueSlots]);
    w.construct(T.QueuedTargets, QueuedTargets, [T.PostingScheduleRepository, T.QueueSlots, T.NextFreeSlot]);
    w.construct(T.PostingSchedules, PostingSchedules, [T.ConnectionRepository, T.PostingScheduleRepository, T.QueueSlots, T.Clock]);
    w.construct(T.RequeuePost, RequeuePost, [T.PostStore, T.PostingScheduleRepository, T.QueueSlots, T.NextFreeSlot, T.Clock]);
  },
  routes: (get) => ({ api: [apiRouter(SCHEDULE_OPERATIONS, { schedules: get(T.PostingSchedules), requeue: get(T.RequeuePost) })] }),
};
