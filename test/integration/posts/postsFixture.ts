import { expect } from 'chai';
import { type Response } from 'supertest';
import { PLATFORMS, type Platform } from '../../../domain/platform/Platform';
import { type Post } from '../../../domain/post/Post';
import { type PostRepository } from '../../../domain/post/PostRepository';
import { type Role } from '../../../domain/workspace/Role';
import { TOKENS } from '../../../config/tokens';
import { type DatabaseKind, serverFor } from '../../support/databases';
import { api, type ApiClient } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

/**
 * A workspace with one connection per platform, an owner's API key and session, and a
 * second workspace (with its own Twitter connection) for the cross-workspace rules; plus
 * body builders for the posts API. Bodies are plain JSON, as a client would send them.
 */

export type Json = Record<string, unknown>;
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const OWNER = 'owner@example.com';
export const OTHER_OWNER = 'other@example.com';

export interface PostsWorld {
  readonly t: TestApp;
  readonly api: ApiClient;
  readonly ws: string;
  readonly otherWs: string;
  /** Owner's API key on `ws` (source `api`). */
  readonly key: string;
  /** Owner's first-party session (source `app`). */
  readonly session: string;
  /** Owner's API key on `otherWs`. */
  readonly otherKey: string;
  /** One connection per platform in `ws`. */
  readonly conn: Readonly<Record<Platform, string>>;
  /** A TWITTER connection of `otherWs`. */
  readonly foreignConn: string;
  /** `/v1/workspaces/${ws}/posts` */
  readonly posts: string;
  /** A new member of `ws` with that role: their session token (their live role applies). */
  memberSession(role: Role): Promise<string>;
}

let memberCounter = 0;

/** Call from `before` (with its `this`): a fresh database and app, skipped when MySQL is down. */
export async function startPostsWorld(ctx: Mocha.Context, kind: DatabaseKind): Promise<PostsWorld> {
  const server = serverFor(kind);
  if (server) await requireServer(ctx, server);
  // The suites send many requests with one credential: the rate limiter is not under test here.
  const t = await startTestApp(await freshDatabaseEnv(kind), { RATE_LIMIT_MAX: '1000000' });
  await t.given.user(OWNER);
  await t.given.user(OTHER_OWNER);
  const ws = await t.given.workspace(OWNER, 'Main');
  const otherWs = await t.given.workspace(OTHER_OWNER, 'Other');
  const conn = {} as Record<Platform, string>;
  for (const platform of PLATFORMS) conn[platform] = await t.given.connection(ws, platform, `@${platform.toLowerCase()}`);
  return {
    t,
    api: api(t.app),
    ws,
    otherWs,
    key: (await t.given.apiKey(ws, OWNER, 'owner')).key,
    session: await t.given.session(OWNER),
    otherKey: (await t.given.apiKey(otherWs, OTHER_OWNER, 'owner')).key,
    conn,
    foreignConn: await t.given.connection(otherWs, 'TWITTER', '@foreign'),
    posts: `/v1/workspaces/${ws}/posts`,
    async memberSession(role: Role) {
      const email = `${role}${++memberCounter}@example.com`;
      await t.given.user(email);
      await t.given.member(ws, email, role);
      return t.given.session(email);
    },
  };
}

/** Valid settings for every platform, required values only. */
export const SETTINGS: Readonly<Record<Platform, { platform: Platform; values: Json }>> = {
  BLUESKY: { platform: 'BLUESKY', values: {} },
  FACEBOOK: { platform: 'FACEBOOK', values: { privacy: 'PUBLIC' } },
  FARCASTER: { platform: 'FARCASTER', values: {} },
  INSTAGRAM: { platform: 'INSTAGRAM', values: { shareToFeed: true, shareToStory: false, trialReels: false, graduationStrategy: 'MANUAL' } },
  LINKEDIN: { platform: 'LINKEDIN', values: { visibility: 'PUBLIC' } },
  PINTEREST: { platform: 'PINTEREST', values: {} },
  THREADS: { platform: 'THREADS', values: { replyControl: 'everyone' } },
  TIKTOK: {
    platform: 'TIKTOK',
    values: { privacy: 'SELF_ONLY', allowComments: true, allowDuet: false, allowStitch: false, promotionContent: 'NONE' },
  },
  TWITTER: { platform: 'TWITTER', values: { replyRestriction: 'everyone' } },
  YOUTUBE: { platform: 'YOUTUBE', values: { privacy: 'UNLISTED', madeForKids: false } },
};

/** Settings with every optional value set too (nullable ones as non-null values). */
export const FULL_SETTINGS: Readonly<Record<Platform, { platform: Platform; values: Json }>> = {
  ...SETTINGS,
  BLUESKY: { platform: 'BLUESKY', values: { replyDisabled: true } },
  FARCASTER: { platform: 'FARCASTER', values: { channelId: 'dev' } },
  PINTEREST: { platform: 'PINTEREST', values: { boardId: 'board-1' } },
  YOUTUBE: { platform: 'YOUTUBE', values: { privacy: 'PUBLIC', madeForKids: true, ageRestriction: false } },
};

/** The values each platform requires (SPEC.md "Target settings"). */
export const REQUIRED_VALUES: Readonly<Record<Platform, readonly string[]>> = {
  BLUESKY: [],
  FACEBOOK: ['privacy'],
  FARCASTER: [],
  INSTAGRAM: ['shareToFeed', 'shareToStory', 'trialReels', 'graduationStrategy'],
  LINKEDIN: ['visibility'],
  PINTEREST: [],
  THREADS: ['replyControl'],
  TIKTOK: ['privacy', 'allowComments', 'allowDuet', 'allowStitch', 'promotionContent'],
  TWITTER: ['replyRestriction'],
  YOUTUBE: ['privacy', 'madeForKids'],
};

export const MEDIA_REQUIRED: readonly Platform[] = ['INSTAGRAM', 'TIKTOK', 'YOUTUBE', 'PINTEREST'];

export const media = (id = 'media_1', extra: Json = {}): Json => ({ id, ...extra });
export const segment = (text = 'Hello world', mediaItems: Json[] = [], extra: Json = {}): Json => ({ text, media: mediaItems, ...extra });
export const group = (id = 'g1', isDefault = true, segments: Json[] = [segment()]): Json => ({ id, isDefault, segments });

/** A target of `world` to `platform`, on group g1, unscheduled. */
export const target = (world: Pick<PostsWorld, 'conn'>, platform: Platform, extra: Json = {}): Json => ({
  connectionId: world.conn[platform],
  groupId: 'g1',
  settings: SETTINGS[platform],
  scheduledAt: null,
  ...extra,
});

/** A draft to Twitter with one text segment, unless `extra` says otherwise. */
export const draftBody = (world: Pick<PostsWorld, 'conn'>, extra: Json = {}): Json => ({
  groups: [group()],
  targets: [target(world, 'TWITTER')],
  ...extra,
});

/** A valid body for `platform` alone: with a photo where the platform needs media. */
export const bodyFor = (world: Pick<PostsWorld, 'conn'>, platform: Platform, extra: Json = {}, targetExtra: Json = {}): Json => ({
  groups: [group('g1', true, [segment(`Hello ${platform}`, MEDIA_REQUIRED.includes(platform) ? [media('m1')] : [])])],
  targets: [target(world, platform, targetExtra)],
  ...extra,
});

export const future = (hours = 24): string => new Date(Date.now() + hours * 3_600_000).toISOString();
export const past = (hours = 1): string => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A scheduled Twitter post body. */
export const scheduleBody = (world: Pick<PostsWorld, 'conn'>, extra: Json = {}): Json =>
  draftBody(world, { targets: [target(world, 'TWITTER', { scheduledAt: future() })], intent: 'schedule', ...extra });

/** Checks a 422 ValidationError with `code`, and that every path in `paths` is named in details. */
export function expectValidation(res: Response, code: string, paths: readonly string[]): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(422);
  expect(res.body.error.type).to.equal('ValidationError');
  expect(res.body.error.code).to.equal(code);
  const named = (res.body.error.details as { path: string }[]).map((d) => d.path);
  for (const path of paths) expect(named, `details of ${res.body.error.message}`).to.include(path);
}

/** Checks an error of a status, its type and code. */
export function expectError(res: Response, status: number, type: string, code: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body.error).to.include({ type, code });
}

/** POSTs a body as the owner's key; returns the response (status unchecked). */
export const create = (w: PostsWorld, body: unknown, token = w.key) => w.api.post(w.posts).set(bearer(token)).send(body as object);

/** Creates a post that must succeed; returns the Post JSON. */
export async function created(w: PostsWorld, body: unknown, token = w.key): Promise<Json & { id: string; status: string; targets: Json[] }> {
  const res = await create(w, body, token);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body;
}

/**
 * Moves a stored post the way the publishing worker will (a later issue): loads it through
 * the real repository, applies `change`, saves it.
 */
export async function asWorker(w: PostsWorld, postId: string, change: (post: Post, now: Date) => void): Promise<void> {
  const repository = w.t.composition.get(TOKENS.PostRepository);
  const post = await repository.findById(w.ws, postId);
  if (post === null) throw new Error(`post ${postId} not found`);
  change(post, new Date());
  await repository.save(post);
}

/** Targets of a stored post, by platform of their connection. */
export const targetIdOf = (w: PostsWorld, post: { targets: Json[] }, platform: Platform): string =>
  post.targets.find((t) => t.connectionId === w.conn[platform])!.id as string;

export const getPost = async (w: PostsWorld, id: string, token = w.key) =>
  (await w.api.get(`${w.posts}/${id}`).set(bearer(token)).expect(200)).body as Json & { status: string; targets: Json[] };
