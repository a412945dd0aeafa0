import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type LeasedJob } from '../../application/ports/PublishQueue';
import { type PublishDueTargets, type RoundReport } from '../../application/publishing/PublishDueTargets';
import { type PublishingSettings } from '../../application/publishing/PublishingSettings';
import { type PostActor, type PostRequest } from '../../application/posts/PostRequest';
import { compose, type Composition, type CompositionOptions } from '../../config/container';
import { loadConfig } from '../../config/env';
import { TOKENS as T } from '../../config/tokens';
import { type Platform } from '../../domain/platform/Platform';
import { type Post } from '../../domain/post/Post';
import { type Target } from '../../domain/post/Target';
import { type DatabaseKind } from './databases';
import { FixedClock } from './fixedClock';
import { OWNER_EMAIL, PASSWORD } from './data/people';
import { DEFAULT_GROUP_ID, media, segment } from './data/posts';
import { MEDIA_REQUIRED, SETTINGS } from './data/settings';
import { ScriptedPublisher } from './scriptedPublisher';
import { Fixtures, freshDatabaseEnv, startTestApp, type TestApp } from './testApp';

/** A data directory of its own (media files land there), removed when the process exits. */
function temporaryDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-engine-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Small numbers, so backoff and leases are easy to step through with the clock. */
export const ENGINE_SETTINGS: PublishingSettings = {
  leaseMs: 60_000,
  batchSize: 10,
  maxAttempts: 3,
  baseDelaySeconds: 10,
  maxDelaySeconds: 300,
  maxCallsPerConnection: 1,
  busyRetryMs: 5_000,
  maxProcessingChecks: 3,
};

/**
 * The real composition (in memory, or on a fresh SQLite or MySQL database) with a fixed
 * clock and every platform's publisher replaced by one scripted publisher that counts calls;
 * with `publishers: 'installed'`, the composition's own (the sandbox's, for sandbox connections).
 */
export class EngineHarness {
  private constructor(
    readonly composition: Composition,
    readonly clock: FixedClock,
    readonly publisher: ScriptedPublisher,
    readonly workspaceId: string,
    private readonly closeAll: () => Promise<void>,
    /** The HTTP app on the same composition (databases only). */
    readonly testApp: TestApp | null = null,
  ) {}

  private readonly uploaded: { photo?: string; video?: string } = {};

  /** `replace`: further bindings of the test's own (a platform's connectors, say). */
  static async start(
    kind: 'memory' | DatabaseKind,
    publishers: 'scripted' | 'installed' = 'scripted',
    replace: CompositionOptions['replace'] = () => undefined,
  ): Promise<EngineHarness> {
    const clock = new FixedClock();
    const publisher = new ScriptedPublisher(clock);
    const options: CompositionOptions = {
      replace: (w) => {
        w.replace(T.Clock, clock);
        w.replace(T.PublishingSettings, ENGINE_SETTINGS);
        if (publishers === 'scripted') w.replace(T.PlatformPublishers, publisher);
        replace?.(w);
      },
    };
    const testApp = kind === 'memory' ? null : await startTestApp(await freshDatabaseEnv(kind), {}, options);
    const composition =
      testApp?.composition ??
      (await compose(loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'engine-harness-secret-engine-harness-0123', DATA_DIR: temporaryDataDir() }), {
        ...options,
        persistence: 'memory',
      }));
    await composition.get(T.CreateUser).execute({ email: OWNER_EMAIL, password: PASSWORD });
    const { workspace } = await composition.get(T.CreateWorkspace).execute({ name: 'Engine', ownerEmail: OWNER_EMAIL });
    return new EngineHarness(composition, clock, publisher, workspace.id, () => composition.close(), testApp);
  }

  get queue() {
    return this.composition.get(T.PublishQueue);
  }

  /** A round of the engine as worker `owner`. */
  publishDue(owner = 'worker-a'): Promise<RoundReport> {
    return this.engine.run(owner);
  }

  get engine(): PublishDueTargets {
    return this.composition.get(T.PublishDueTargets);
  }

  settleExpired(owner = 'worker-b') {
    return this.composition.get(T.SettleExpiredLeases).run(owner);
  }

  actor(reviewRequired = false): PostActor {
    return { userId: 'user-engine', workspaceId: this.workspaceId, reviewRequired, defaultSource: 'api' };
  }

  async connection(platform: Platform = 'TWITTER', sandbox = false): Promise<string> {
    const handle = `@acct${Math.random().toString(36).slice(2, 8)}`;
    return (await this.composition.get(T.AddConnection).execute({ workspaceId: this.workspaceId, platform, handle, sandbox })).id;
  }

  /** A post of `texts` (one segment each; `delays` in minutes per segment) to one new connection. */
  async post(
    texts: readonly string[],
    extra: {
      intent?: PostRequest['intent'];
      delays?: readonly (number | null)[];
      scheduledAt?: Date;
      reviewRequired?: boolean;
      /** An existing connection; a new TWITTER one when absent. */
      connection?: { id: string; platform: Platform };
    } = {},
  ): Promise<Post> {
    const platform = extra.connection?.platform ?? 'TWITTER';
    const connectionId = extra.connection?.id ?? (await this.connection(platform));
    const photos = MEDIA_REQUIRED.includes(platform) ? [media(await this.mediaFor(platform))] : [];
    // The media a platform needs goes with the first segment; later ones are its comments, in text.
    const segments = texts.map((text, i) => segment(text, i === 0 ? photos : [], { delayMinutes: extra.delays?.[i] ?? null }));
    return this.composition.get(T.WritePosts).create(this.actor(extra.reviewRequired), {
      groups: [{ id: DEFAULT_GROUP_ID, isDefault: true, segments }],
      targets: [{ connectionId, groupId: DEFAULT_GROUP_ID, settings: SETTINGS[platform], scheduledAt: extra.scheduledAt ?? null }],
      intent: extra.intent ?? 'publish_now',
    });
  }

  /** A ready item fit for `platform` (a video for YouTube, else a photo), uploaded once per harness. */
  private async mediaFor(platform: Platform): Promise<string> {
    const kind = platform === 'YOUTUBE' ? 'video' : 'photo';
    this.uploaded[kind] ??= await new Fixtures(this.composition).media(this.workspaceId, kind);
    return this.uploaded[kind];
  }

  async read(postId: string): Promise<Post> {
    const post = await this.composition.get(T.PostRepository).findById(this.workspaceId, postId);
    if (post === null) throw new Error(`post ${postId} is gone`);
    return post;
  }

  async target(postId: string): Promise<Target> {
    return (await this.read(postId)).targets[0]!;
  }

  retryTarget(postId: string, targetId: string) {
    return this.composition.get(T.ChangePostLifecycle).retryTarget(this.actor(), postId, targetId);
  }

  /** The first half of an attempt alone, for a job claimed by hand (a race the test stages). */
  beginAttempt(job: LeasedJob) {
    return this.composition.get(T.BeginAttempt).run(job, this.clock.now());
  }

  remove(postId: string) {
    return this.composition.get(T.ChangePostLifecycle).remove(this.actor(), postId);
  }

  close(): Promise<void> {
    return this.closeAll();
  }
}
