import { expect } from 'chai';
import { type PublishingWorker } from '../../../adapters/inbound/worker/PublishingWorker';
import { buildPublishingWorker } from '../../../config/publishingWorker';
import { type Platform } from '../../../domain/platform/Platform';
import { OWNER_EMAIL } from '../../support/data/people';
import { DEFAULT_GROUP_ID, group, segment, targetOn } from '../../support/data/posts';
import { api, type ApiClient } from '../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { eventually } from '../../support/workerProcess';

export interface PublishedTarget {
  readonly connectionId: string;
  readonly status: string;
  readonly platformPostUrl: string;
}

/**
 * The service on SQLite with its own publishers and a worker loop in the test's process, a
 * workspace with a sandbox connection per platform asked, and an owner's key: what a
 * newcomer has after the first start (docs/decisions.md, "The sandbox platform").
 */
export class SandboxApp {
  private constructor(
    readonly t: TestApp,
    readonly http: ApiClient,
    private readonly worker: PublishingWorker,
    private readonly key: string,
    private readonly posts: string,
    readonly connections: ReadonlyMap<Platform, string>,
  ) {}

  static async start(platforms: readonly Platform[]): Promise<SandboxApp> {
    const t = await startTestApp(await freshDatabaseEnv('sqlite'), {});
    await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL);
    const connections = new Map<Platform, string>();
    for (const platform of platforms) connections.set(platform, await t.given.connection(ws, platform, `sandbox-${platform.toLowerCase()}`, true));
    const key = (await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
    const worker = buildPublishingWorker(t.composition, 20);
    worker.start();
    return new SandboxApp(t, api(t.app), worker, key, `/v1/workspaces/${ws}/posts`, connections);
  }

  /** Creates a `publish_now` post of `texts` (a thread) for every sandbox connection and waits until it is published. */
  async publishNow(texts: readonly string[]): Promise<PublishedTarget[]> {
    const targets = [...this.connections].map(([platform, id]) => ({ ...targetOn(id, platform), groupId: DEFAULT_GROUP_ID }));
    const created = await this.http
      .post(this.posts)
      .set({ Authorization: `Bearer ${this.key}` })
      .send({
        groups: [
          group(
            DEFAULT_GROUP_ID,
            true,
            texts.map((text) => segment(text)),
          ),
        ],
        targets,
        intent: 'publish_now',
      });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    let post: { status: string; targets: PublishedTarget[] } = created.body;
    await eventually(
      async () => {
        post = (
          await this.http
            .get(`${this.posts}/${created.body.id}`)
            .set({ Authorization: `Bearer ${this.key}` })
            .expect(200)
        ).body;
        return post.status !== 'publishing';
      },
      15_000,
      'the post published',
    );
    expect(post.status, JSON.stringify(post.targets)).to.equal('published');
    return post.targets;
  }

  async close(): Promise<void> {
    expect(await this.worker.stop(5000)).to.equal('drained');
    await this.t.close();
  }
}
