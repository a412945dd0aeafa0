import { type PostingSchedule } from './PostingSchedule';

/** Connections' posting schedules; a connection without one has the empty schedule. */
export interface PostingScheduleRepository {
  find(connectionId: string): Promise<PostingSchedule | null>;
  save(schedule: PostingSchedule): Promise<void>;
}
