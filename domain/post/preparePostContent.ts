import { type Group } from './Group';
import { buildPostContent } from './PostContent';
import { type LifecyclePosition, checkReadiness } from './PostLifecycle';
import { type PostContentInput, type PostContext } from './PostInputs';
import { type Target } from './Target';
import { ValidationProblems } from '../shared/ValidationProblems';

/** Whether this create or edit must go through review: asked for, or a contributor's. */
export const needsReview = (input: PostContentInput, ctx: PostContext): boolean => input.submitForReview === true || ctx.reviewRequired;

/** Content checks plus the intent's own checks, all reported together (422 invalid_post). */
export function preparePostContent(
  input: PostContentInput,
  position: LifecyclePosition,
  workspaceId: string,
  ctx: PostContext,
): { groups: readonly Group[]; targets: readonly Target[]; position: LifecyclePosition } {
  const problems = new ValidationProblems();
  const content = buildPostContent(input, { workspaceId, connectionOf: ctx.connectionOf }, problems);
  checkReadiness(position, input.targets, ctx.now, problems);
  problems.throwIfAny('invalid_post');
  return { groups: Object.freeze([...content.groups]), targets: Object.freeze([...content.targets]), position };
}
