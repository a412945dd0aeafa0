import { Group } from './Group';
import { type NewPostInput } from './PostInputs';
import { type PostSnapshot } from './PostSnapshot';
import { PostTargets } from './PostTargets';
import { Target } from './Target';

/** What a post is made of: its snapshot's fields, with its content and targets as entities. */
export interface PostProps extends Omit<PostSnapshot, 'groups' | 'targets' | 'version'> {
  readonly groups: readonly Group[];
  readonly targets: PostTargets;
}

/** A new post's fields, a draft until the lifecycle moves it. */
export function newPostProps(input: NewPostInput, groups: readonly Group[], targets: readonly Target[], now: Date): PostProps {
  return {
    id: input.id,
    workspaceId: input.workspaceId,
    authorUserId: input.authorUserId ?? null,
    status: 'draft',
    groups,
    targets: PostTargets.of(targets),
    source: input.source ?? 'app',
    externalSubmissionId: input.externalSubmissionId ?? null,
    requestedIntent: null,
    createdAt: new Date(now),
    updatedAt: new Date(now),
  };
}

/** The fields of a stored post, trusted: no rule is re-checked. */
export function propsOf(s: PostSnapshot): PostProps {
  return {
    id: s.id,
    workspaceId: s.workspaceId,
    authorUserId: s.authorUserId,
    status: s.status,
    groups: Object.freeze(s.groups.map(Group.rehydrate)),
    targets: PostTargets.of(s.targets.map(Target.rehydrate)),
    source: s.source,
    externalSubmissionId: s.externalSubmissionId,
    requestedIntent: s.requestedIntent,
    createdAt: new Date(s.createdAt),
    updatedAt: new Date(s.updatedAt),
  };
}

export function snapshotOf(p: PostProps, version: number): PostSnapshot {
  return {
    id: p.id,
    workspaceId: p.workspaceId,
    authorUserId: p.authorUserId,
    status: p.status,
    groups: p.groups.map((g) => g.toSnapshot()),
    targets: p.targets.all.map((t) => t.toSnapshot()),
    source: p.source,
    externalSubmissionId: p.externalSubmissionId,
    requestedIntent: p.requestedIntent,
    createdAt: new Date(p.createdAt),
    updatedAt: new Date(p.updatedAt),
    version,
  };
}
