import 'reflect-metadata';
import { expect } from 'chai';
import { type Platform } from '../../../domain/platform/Platform';
import { DATABASE_KINDS } from '../../support/databases';
import { DEFAULT_GROUP_ID, bearer, created, future, group, segment, startPostsWorld, target, type Json, type PostsWorld } from './postsFixture';

/** How long the edits and reads race, and caps so a slow machine still ends in bounded time. */
// Long enough for a dozen edits on a busy two-core machine (the check needs more than 10).
const RACE_MS = 4_000;
const MAX_EDITS = 300;
/** Edits made whatever the time they take (a loaded machine makes few in RACE_MS): enough to interleave with the reads. */
const MIN_EDITS = 12;
const MAX_READS_PER_READER = 600;

type Version = 'A' | 'B';
type Shown = { text: unknown; targets: string[] };

/**
 * A post edited over and over between two versions while clients read it. Version A says
 * "A" to Twitter at TA; version B says "B" to Twitter at TB and to LinkedIn at TB (the same
 * target moved, one added, then removed again). Every answer of posts.get and posts.list
 * must be one whole version: text A with A's targets, or text B with B's.
 */
for (const kind of DATABASE_KINDS) {
  describe(`posts: reads during edits never mix two versions of a post, on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    it('posts.get and posts.list answer text A with A’s targets or text B with B’s, never a mix', async function () {
      this.timeout(RACE_MS + 60_000);
      const [ta, tb] = [future(24), future(48)];
      const targetsOf: Record<Version, [Platform, string][]> = {
        A: [['TWITTER', ta]],
        B: [
          ['TWITTER', tb],
          ['LINKEDIN', tb],
        ],
      };
      const bodyOf = (version: Version): Json => ({
        groups: [group(DEFAULT_GROUP_ID, true, [segment(version)])],
        targets: targetsOf[version].map(([platform, at]) => target(w, platform, { scheduledAt: at })),
        intent: 'schedule',
      });
      /** What a reader can tell apart: the text, and each target's account and time. */
      const shownBy = (post: Json & { groups?: Json[]; targets?: Json[] }): Shown => ({
        text: (post.groups?.[0]?.segments as Json[] | undefined)?.[0]?.text,
        targets: (post.targets ?? []).map((t) => `${t.connectionId as string} at ${Date.parse(t.scheduledAt as string)}`).sort(),
      });
      const expected = (version: Version): Shown => ({
        text: version,
        targets: targetsOf[version].map(([platform, at]) => `${w.conn[platform]} at ${Date.parse(at)}`).sort(),
      });

      const post = await created(w, bodyOf('A'));
      const url = `${w.posts}/${post.id}`;
      const seen: Record<Version, number> = { A: 0, B: 0 };
      let editing = true;
      function check(answer: Json, via: string): void {
        const shown = shownBy(answer);
        const version: Version = shown.text === 'B' ? 'B' : 'A';
        expect(shown, `${via}: read ${seen.A + seen.B + 1} mixes two versions`).to.deep.equal(expected(version));
        seen[version] += 1;
      }
      async function edits(): Promise<number> {
        const until = Date.now() + RACE_MS;
        let count = 0;
        try {
          for (; count < MAX_EDITS && (count < MIN_EDITS || Date.now() < until); count++) {
            const res = await w.api
              .patch(url)
              .set(bearer(w.key))
              .send(bodyOf(count % 2 === 0 ? 'B' : 'A'));
            expect(res.status, JSON.stringify(res.body)).to.equal(200);
          }
        } finally {
          editing = false;
        }
        return count;
      }
      async function reads(via: 'posts.get' | 'posts.list'): Promise<void> {
        for (let i = 0; editing && i < MAX_READS_PER_READER; i++) {
          if (via === 'posts.get') check((await w.api.get(url).set(bearer(w.key)).expect(200)).body, via);
          else {
            const listed = ((await w.api.get(`${w.posts}?limit=100`).set(bearer(w.key)).expect(200)).body.data as Json[]).find((p) => p.id === post.id);
            expect(listed, 'the post is listed').to.not.equal(undefined);
            check(listed!, via);
          }
        }
      }

      const [editCount] = await Promise.all([edits(), reads('posts.get'), reads('posts.get'), reads('posts.list'), reads('posts.list')]);
      expect(editCount, 'edits made').to.be.greaterThan(10);
      // Reads that saw one version only would prove nothing about the edits in between.
      expect(seen.A, 'reads of version A').to.be.greaterThan(0);
      expect(seen.B, 'reads of version B').to.be.greaterThan(0);
      check((await w.api.get(url).set(bearer(w.key)).expect(200)).body, 'posts.get after the edits');
    });
  });
}
