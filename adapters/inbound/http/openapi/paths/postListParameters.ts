import { ACCEPTED_PLATFORM_NAMES, PLATFORM_NAMES } from '../../../../../domain/platform/Platform';
import { anyCasePattern } from '../schemas/enums';
import { POST_LIST_SORTS } from '../../../../../domain/post/PostCalendar';
import { type ParameterObject } from '../types';

/**
 * posts.list's calendar parameters (docs/posts.md, "The calendar"): beyond docs/spec.md, which
 * lists limit, offset and status. Each is optional, given at most once; empty is the same as
 * absent; any other value is a 422 invalid_query naming the parameter.
 */

const CALENDAR_TIME = "a target's calendar time (its postedAt once published, else its scheduledAt)";
const ONE_TARGET = 'With from, to, platform and connectionId together, one and the same target must meet them all.';

const instant = (name: 'from' | 'to', meaning: string): ParameterObject => ({
  name,
  in: 'query',
  required: false,
  description:
    `Only posts with ${CALENDAR_TIME} ${meaning}. An RFC 3339 date-time with any offset, e.g. 2030-03-01T00:00:00+01:00 (in a URL, + is written %2B). ` +
    `A target with neither time is outside every range. ${ONE_TARGET}`,
  schema: { type: 'string', format: 'date-time' },
});

export const fromFilter = instant('from', 'at or after this instant (inclusive)');

export const toFilter = instant('to', 'before this instant (exclusive; not before from, else a 422)');

export const platformFilter: ParameterObject = {
  name: 'platform',
  in: 'query',
  required: false,
  description: `Only posts with a target on this platform: ${ACCEPTED_PLATFORM_NAMES} (X is TWITTER). ${ONE_TARGET}`,
  schema: { type: 'string', pattern: anyCasePattern([...PLATFORM_NAMES, '']) },
};

export const connectionFilter: ParameterObject = {
  name: 'connectionId',
  in: 'query',
  required: false,
  description: `Only posts with a target on this connected account; an id the workspace does not have matches nothing. ${ONE_TARGET}`,
  schema: { type: 'string' },
};

export const sortParameter: ParameterObject = {
  name: 'sort',
  in: 'query',
  required: false,
  description:
    'createdAt (the default): newest first, ties by id descending. scheduledAt: by the earliest calendar time among the targets that match ' +
    'from, to, platform and connectionId (all targets when none is given), soonest first, ties by id ascending; posts without any such time come last.',
  schema: { type: 'string', enum: [...POST_LIST_SORTS, ''] },
};

export const CALENDAR_PARAMETERS: readonly ParameterObject[] = [fromFilter, toFilter, platformFilter, connectionFilter, sortParameter];
