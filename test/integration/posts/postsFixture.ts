import { expect } from 'chai';
import { type Response } from 'supertest';
import { PLATFORMS, type Platform } from '../../../domain/platform/Platform';
import { type Post } from '../../../domain/post/Post';
import { type Role } from '../../../domain/workspace/Role';
import { TOKENS } from '../../../config/tokens';
import { type DatabaseKind, serverFor } from '../../support/databases';
import { api, type ApiClient } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { ShiftedClock } from '../../support/shiftedClock';
import { handleFor } from '../../support/data/connections';
import { memberEmail, OTHER_OWNER_EMAIL, OWNER_EMAIL } from '../../support/data/people';
import { type Json } from '../../support/data/posts';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

export {
  DEFAULT_GROUP_ID,
  bodyFor,
  draftBody,
  group,
  media,
  mediaFor,
  scheduleBody,
  segment,
  target,
  type Json,
} from '../../support/data/posts';
export { FULL_SETTINGS, MEDIA_REQUIRED, REQUIRED_VALUES, SETTINGS } from '../../support/data/settings';
export { future, past } from '../../support/data/times';

/**
 * A workspace with one connection per platform, an owner's API key and session, and a
 * second workspace (with its own Twitter connection) for the cross-workspace rules. Bodies
 * for the posts API come from test/support/data/ (plain JSON, as a client would send them).
 */

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const OWNER = OWNER_EMAIL;
export const OTHER_OWNER = OTHER_OWNER_EMAIL;

export interface PostsWorld {
  readonly t: TestApp;
  /** The service's clock: the real time, moved on when a test says. */
  readonly clock: ShiftedClock;
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
  /** Ready media of `ws`: a square photo and a short video, fit for every platform. */
  readonly media: { readonly photo: string; readonly video: string };
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
  const clock = new ShiftedClock();
  const t = await startTestApp(await freshDatabaseEnv(kind), { RATE_LIMIT_MAX: '1000000' }, { replace: (w) => w.replace(TOKENS.Clock, clock) });
  await t.given.user(OWNER);
  await t.given.user(OTHER_OWNER);
  const ws = await t.given.workspace(OWNER, 'Main');
  const otherWs = await t.given.workspace(OTHER_OWNER, 'Other');
  const conn = {} as Record<Platform, string>;
  for (const platform of PLATFORMS) conn[platform] = await t.given.connection(ws, platform, handleFor(platform));
  const media = { photo: await t.given.media(ws, 'photo'), video: await t.given.media(ws, 'video') };
  return {
    media,
    t,
    clock,
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
      const email = memberEmail(role, ++memberCounter);
      await t.given.user(email);
      await t.given.member(ws, email, role);
      return t.given.session(email);
    },
  };
}

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
export const create = (w: PostsWorld, body: unknown, token = w.key) =>
  w.api
    .post(w.posts)
    .set(bearer(token))
    .send(body as object);

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
