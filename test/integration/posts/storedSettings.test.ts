import 'reflect-metadata';
import { expect } from 'chai';
import { RowMappingError } from '../../../adapters/outbound/persistence/typeorm/mappers/RowMappingError';
import { type Platform } from '../../../domain/platform/Platform';
import { TOKENS } from '../../../config/tokens';
import { DATABASE_KINDS } from '../../support/databases';
import { DEFAULT_GROUP_ID, bearer, bodyFor, created, expectValidation, getPost, startPostsWorld, type Json, type PostsWorld } from './postsFixture';

/**
 * Settings stored under an older, looser rule (written here straight with SQL) are read back
 * upcast to today's rules: a 200 whose body validates against the OpenAPI document (every
 * response of `w.api` is checked), never a 500. "Required" stays a rule for writes.
 */
const STORED: [string, Platform, Json, Json][] = [
  ['FACEBOOK values {}', 'FACEBOOK', {}, { privacy: 'ONLY_ME' }],
  ['FACEBOOK values with an extra key', 'FACEBOOK', { privacy: 'FRIENDS', audience: 'all' }, { privacy: 'FRIENDS' }],
  ['a LINKEDIN visibility renamed since', 'LINKEDIN', { visibility: 'LOGGED_IN' }, { visibility: 'CONNECTIONS' }],
  ['YOUTUBE with null and mistyped fields', 'YOUTUBE', { privacy: null, madeForKids: 'no', ageRestriction: 'yes' }, { privacy: 'PRIVATE', madeForKids: false }],
  ['TIKTOK without any value', 'TIKTOK', {}, { privacy: 'SELF_ONLY', allowComments: false, allowDuet: false, allowStitch: false, promotionContent: 'NONE' }],
  ['BLUESKY with a mistyped optional field', 'BLUESKY', { replyDisabled: 'no' }, {}],
];

for (const kind of DATABASE_KINDS) {
  describe(`posts: settings stored under older rules on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    const sql = (query: string, parameters: unknown[]) => w.t.dataSource.query(query, parameters);
    const storeSettings = (targetId: string, settings: unknown) =>
      sql('UPDATE post_targets SET settings = ? WHERE id = ?', [JSON.stringify(settings), targetId]);

    /** A draft to `platform` whose stored settings are then overwritten with `values`. */
    async function storedWith(platform: Platform, values: Json): Promise<{ postId: string; targetId: string }> {
      const post = await created(w, bodyFor(w, platform));
      const targetId = post.targets[0]!.id as string;
      await storeSettings(targetId, { platform, values });
      return { postId: post.id, targetId };
    }

    for (const [title, platform, values, upcast] of STORED) {
      it(`reads ${title} as 200 with upcast values, in the post, its targets and the list`, async () => {
        const { postId } = await storedWith(platform, values);
        expect((await getPost(w, postId)).targets[0]!.settings).to.deep.equal({ platform, values: upcast });
        const targets = await w.api.get(`${w.posts}/${postId}/targets`).set(bearer(w.key)).expect(200);
        expect(targets.body[0].settings).to.deep.equal({ platform, values: upcast });
        const list = await w.api.get(`${w.posts}?limit=100`).set(bearer(w.key)).expect(200);
        const listed = (list.body.data as Json[]).find((p) => p.id === postId) as { targets: Json[] };
        expect(listed.targets[0]!.settings).to.deep.equal({ platform, values: upcast });
      });
    }

    it('still refuses the looser values on a write, and stores the upcast ones once the target is saved again', async () => {
      const { postId, targetId } = await storedWith('FACEBOOK', { audience: 'all' });
      const target = `${w.posts}/${postId}/targets/${targetId}`;
      const loose = await w.api
        .patch(target)
        .set(bearer(w.key))
        .send({ settings: { platform: 'FACEBOOK', values: {} } });
      expectValidation(loose, 'invalid_target', ['settings.values.privacy']);
      await w.api.patch(target).set(bearer(w.key)).send({ groupId: DEFAULT_GROUP_ID }).expect(200);
      const [row] = (await sql('SELECT settings FROM post_targets WHERE id = ?', [targetId])) as { settings: unknown }[];
      const stored: unknown = typeof row!.settings === 'string' ? JSON.parse(row!.settings) : row!.settings;
      expect(stored).to.deep.equal({ platform: 'FACEBOOK', values: { privacy: 'ONLY_ME' } });
    });

    it('treats a stored platform the registry does not know as corrupt data (RowMappingError)', async () => {
      const { postId, targetId } = await storedWith('TWITTER', { replyRestriction: 'everyone' });
      await sql('UPDATE post_targets SET platform = ?, settings = ? WHERE id = ?', ['MYSPACE', JSON.stringify({ platform: 'MYSPACE', values: {} }), targetId]);
      const posts = w.t.composition.get(TOKENS.PostRepository);
      expect(
        await posts.findById(w.ws, postId).then(
          () => null,
          (e: unknown) => e,
        ),
      ).to.be.instanceOf(RowMappingError);

      const connectionId = await w.t.given.connection(w.ws, 'PINTEREST', '@retired');
      await sql('UPDATE connections SET platform = ? WHERE id = ?', ['MYSPACE', connectionId]);
      const connections = w.t.composition.get(TOKENS.ConnectionRepository);
      expect(
        await connections.findById(connectionId).then(
          () => null,
          (e: unknown) => e,
        ),
      ).to.be.instanceOf(RowMappingError);
      // The other tests list posts: put the rows back, so the order of the tests does not matter.
      await sql('UPDATE connections SET platform = ? WHERE id = ?', ['PINTEREST', connectionId]);
      await storeSettings(targetId, { platform: 'TWITTER', values: { replyRestriction: 'everyone' } });
      await sql('UPDATE post_targets SET platform = ? WHERE id = ?', ['TWITTER', targetId]);
      await getPost(w, postId);
    });
  });
}
