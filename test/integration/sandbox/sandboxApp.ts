import { expect } from 'chai';
import supertest from 'supertest';
import { type PublishingWorker } from '../../../adapters/inbound/worker/PublishingWorker';
import { buildPublishingWorker } from '../../../config/publishingWorker';
import { TOKENS as T } from '../../../config/tokens';
import { type Wiring } from '../../../config/Wiring';
import { type Platform } from '../../../domain/platform/Platform';
import { type DatabaseKind } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { DEFAULT_GROUP_ID, group, media, segment, targetOn } from '../../support/data/posts';
import { api, type ApiClient } from '../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { eventually } from '../../support/workerProcess';
import { type AttemptView, type PostView, type PublishedTarget, type TargetView } from './sandboxViews';

export interface SandboxPostOptions {
  readonly intent?: 'publish_now' | 'schedule';
  readonly scheduledAt?: string;
  /** Platforms whose target points at a group of its own, with these texts instead of the default group's. */
  readonly textsOn?: Partial<Record<Platform, readonly string[]>>;
  /** Media ids per segment of the default group (see `upload`). */
  readonly media?: readonly (readonly string[])[];
}

/** A transient failure comes back after a second or so, not the default half minute: the sandbox asks for 1 s. */
const quickRetries = (w: Wiring) => w.replace(T.PublishingSettings, { ...w.get(T.PublishingSettings), baseDelaySeconds: 1 });

/**
 * The service on SQLite or MariaDB with its own publishers and a worker loop in the test's
 * process, a workspace with a sandbox connection per platform asked, and an owner's key: what
 * a newcomer has after the first start (docs/decisions.md, "The sandbox platform").
 */
export class SandboxApp {
  private constructor(
    readonly t: TestApp,
    readonly http: ApiClient,
    private readonly worker: PublishingWorker,
    private readonly auth: { Authorization: string },
    readonly posts: string,
    readonly connections: ReadonlyMap<Platform, string>,
  ) {}

  static async start(platforms: readonly Platform[], kind: DatabaseKind = 'sqlite', env: Record<string, string> = {}): Promise<SandboxApp> {
    const t = await startTestApp(await freshDatabaseEnv(kind), env, { replace: quickRetries });
    await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL);
    const connections = new Map<Platform, string>();
    for (const platform of platforms) connections.set(platform, await t.given.connection(ws, platform, `sandbox-${platform.toLowerCase()}`, true));
    const key = (await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
    const worker = buildPublishingWorker(t.composition, 20);
    worker.start();
    return new SandboxApp(t, api(t.app), worker, { Authorization: `Bearer ${key}` }, `/v1/workspaces/${ws}/posts`, connections);
  }

  /** Creates a post of `texts` (a thread) for every sandbox connection, through the API. */
  async create(texts: readonly string[], options: SandboxPostOptions = {}): Promise<PostView> {
    const own = Object.entries(options.textsOn ?? {}) as [Platform, readonly string[]][];
    const groupOf = (platform: Platform) => (options.textsOn?.[platform] ? `g_${platform.toLowerCase()}` : DEFAULT_GROUP_ID);
    const groups = [
      group(
        DEFAULT_GROUP_ID,
        true,
        texts.map((text, i) =>
          segment(
            text,
            (options.media?.[i] ?? []).map((id) => media(id, { altText: `media ${id}` })),
          ),
        ),
      ),
      ...own.map(([platform, itsTexts]) =>
        group(
          groupOf(platform),
          false,
          itsTexts.map((text) => segment(text)),
        ),
      ),
    ];
    const targets = [...this.connections].map(([platform, id]) => ({
      ...targetOn(id, platform),
      groupId: groupOf(platform),
      scheduledAt: options.scheduledAt ?? null,
    }));
    const created = await this.http
      .post(this.posts)
      .set(this.auth)
      .send({ groups, targets, intent: options.intent ?? 'publish_now' });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    return created.body;
  }

  /** A ready item of the workspace (a square photo or a short video), for `media`. */
  upload(kind: 'photo' | 'video'): Promise<string> {
    return this.t.given.media(this.posts.split('/')[3]!, kind);
  }

  async get(postId: string): Promise<PostView> {
    return (await this.http.get(`${this.posts}/${postId}`).set(this.auth).expect(200)).body;
  }

  /** The post once no target is left to publish: published, partially failed or failed. */
  async settled(postId: string): Promise<PostView> {
    let post: PostView | undefined;
    await eventually(
      async () => {
        post = await this.get(postId);
        return post.status !== 'scheduled' && post.status !== 'publishing';
      },
      15_000,
      `post ${postId} settled`,
    );
    return post!;
  }

  /** Creates a `publish_now` post of `texts` for every sandbox connection and waits until it is published. */
  async publishNow(texts: readonly string[], options: SandboxPostOptions = {}): Promise<PublishedTarget[]> {
    const post = await this.settled((await this.create(texts, options)).id);
    expect(post.status, JSON.stringify(post.targets)).to.equal('published');
    return post.targets as PublishedTarget[];
  }

  async retry(postId: string, targetId: string): Promise<TargetView> {
    return (await this.http.post(`${this.posts}/${postId}/targets/${targetId}/retry`).set(this.auth).expect(200)).body;
  }

  async attempts(postId: string, targetId: string): Promise<AttemptView[]> {
    return (await this.http.get(`${this.posts}/${postId}/targets/${targetId}/attempts`).set(this.auth).expect(200)).body.data;
  }

  /** The page at a platformPostUrl: its path on this app. */
  page(platformPostUrl: string | null): Promise<supertest.Response> {
    expect(platformPostUrl, 'a published target has a platformPostUrl').to.be.a('string');
    return supertest(this.t.app.callback()).get(new URL(platformPostUrl!).pathname);
  }

  /** Every segment the sandbox stored, across connections: what was "posted". */
  async sandboxPostCount(): Promise<number> {
    const [row] = await this.t.dataSource.query('SELECT COUNT(*) AS n FROM sandbox_posts');
    return Number(row.n);
  }

  async close(): Promise<void> {
    expect(await this.worker.stop(5000)).to.equal('drained');
    await this.t.close();
  }
}
