import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { type Response } from 'supertest';
import { api } from '../../support/openapi';
import { EDITOR_EMAIL, OWNER_EMAIL } from '../../support/data/people';
import { REDIS_URL, requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Per credential 5, per person 6: a member's five keys together get six requests, not twenty-five. */
const LIMITS = { RATE_LIMIT_MAX: '5', RATE_LIMIT_PER_USER_MAX: '6', RATE_LIMIT_WINDOW_SECONDS: '60' };

const stores: ReadonlyArray<{ name: string; env: Record<string, string>; server: 'Redis' | null }> = [
  { name: 'in memory', env: {}, server: null },
  // A prefix of its own: this run's counters never meet another run's (nothing is flushed).
  { name: 'in Redis', env: { RATE_LIMIT_STORE: 'redis', REDIS_URL, RATE_LIMIT_REDIS_PREFIX: `dispatch-test:${randomUUID()}:` }, server: 'Redis' },
];

describe('HTTP rate limiting per person', function () {
  for (const store of stores) {
    describe(store.name, () => {
      let t: TestApp;
      let workspaceId: string;
      let memberKeys: string[];
      let ownerKey: string;
      let memberSession: string;

      before(async function () {
        if (store.server) await requireServer(this, store.server);
        t = await startTestApp(await freshDatabaseEnv('sqlite'), { ...LIMITS, ...store.env });
        await t.given.user(OWNER_EMAIL);
        await t.given.user(EDITOR_EMAIL);
        workspaceId = await t.given.workspace(OWNER_EMAIL);
        await t.given.member(workspaceId, EDITOR_EMAIL, 'editor');
        memberKeys = [];
        for (let i = 0; i < 5; i++) memberKeys.push((await t.given.apiKey(workspaceId, EDITOR_EMAIL, 'editor')).key);
        ownerKey = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
        memberSession = await t.given.session(EDITOR_EMAIL);
      });
      after(async () => t?.close());

      const connections = () => `/v1/workspaces/${workspaceId}/connections`;
      const budgetOf = (res: Response) => [res.status, res.headers['ratelimit-limit'], res.headers['ratelimit-remaining']];

      it("gives five keys of one member the member's budget, the headers reporting the tighter one", async () => {
        const seen: unknown[] = [];
        for (const key of [...memberKeys, memberKeys[0]!]) seen.push(budgetOf(await api(t.app).get(connections()).set(bearer(key))));
        expect(seen).to.deep.equal([
          [200, '5', '4'], // the key's own budget is the tighter: 4 left of 5, the person's 5 of 6
          [200, '5', '4'],
          [200, '6', '3'], // from here the person's budget is the tighter
          [200, '6', '2'],
          [200, '6', '1'],
          [200, '6', '0'],
        ]);

        // A key that has used one of its five requests is refused: its member's budget is spent.
        const refused = await api(t.app).get(connections()).set(bearer(memberKeys[1]!));
        expect(budgetOf(refused)).to.deep.equal([429, '6', '0']);
        expect(refused.body.error).to.include({ type: 'RateLimitedError', code: 'rate_limited' });
        expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);

        // The member's session on the same workspace shares the budget; another member has their own.
        expect((await api(t.app).get(connections()).set(bearer(memberSession))).status).to.equal(429);
        expect(budgetOf(await api(t.app).get(connections()).set(bearer(ownerKey)))).to.deep.equal([200, '5', '4']);
      });

      it('counts a session outside any workspace against the person alone', async () => {
        const res = await api(t.app).get('/v1/me').set(bearer(memberSession));
        expect(res.status).to.equal(200);
      });
    });
  }
});
