import { expect } from 'chai';
import { TOKENS } from '../../../config/tokens';
import { ADMIN_EMAIL, EDITOR_EMAIL, OTHER_OWNER_EMAIL, OWNER_EMAIL, STRANGER_EMAIL, VIEWER_EMAIL } from '../../support/data/people';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

for (const kind of DATABASE_KINDS) {
  describe(`setup status (GET and PATCH /v1/me/setup/{workspaceId}) on ${kind}`, function () {
    let t: TestApp;
    let ws: string;
    let otherWs: string;
    let ownerKey: string;
    const setup = (workspaceId = ws) => `/v1/me/setup/${workspaceId}`;
    const read = async (token = ownerKey) => (await api(t.app).get(setup()).set(bearer(token)).expect(200)).body;
    const patch = (body: unknown, token = ownerKey, workspaceId = ws) =>
      api(t.app)
        .patch(setup(workspaceId))
        .set(bearer(token))
        .send(body as object);

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      // Stripe configured (its keys; never called here): an install that takes payment.
      t = await startTestApp(await freshDatabaseEnv(kind), {
        RATE_LIMIT_MAX: '1000000',
        STRIPE_SECRET_KEY: 'sk_test_setup',
        STRIPE_WEBHOOK_SECRET: 'whsec_setup',
      });
      for (const email of [OWNER_EMAIL, OTHER_OWNER_EMAIL, ADMIN_EMAIL, EDITOR_EMAIL, VIEWER_EMAIL, STRANGER_EMAIL]) await t.given.user(email);
      ws = await t.given.workspace(OWNER_EMAIL, 'Setup');
      otherWs = await t.given.workspace(OTHER_OWNER_EMAIL, 'Other');
      await t.given.member(ws, ADMIN_EMAIL, 'admin');
      await t.given.member(ws, EDITOR_EMAIL, 'editor');
      await t.given.member(ws, VIEWER_EMAIL, 'viewer');
      ownerKey = (await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
    });
    after(async () => t?.close());

    it('moves from connect_account to complete_payment (an account connected) to onboarding complete (the plan paid)', async () => {
      expect(await read()).to.deep.equal({
        workspaceId: ws,
        connectedPlatforms: [],
        subscription: { plan: 'free', status: 'none', paid: false },
        optionalSteps: {},
        outstandingAction: 'connect_account',
        onboardingComplete: false,
      });

      await t.given.connection(ws, 'TWITTER', '@setup');
      const connected = await read();
      expect(connected).to.include({ outstandingAction: 'complete_payment', onboardingComplete: false });
      expect(connected.connectedPlatforms).to.deep.equal(['TWITTER']);

      const subscriptions = t.composition.get(TOKENS.WorkspaceSubscriptions);
      const plan = { workspaceId: ws, customerId: 'cus_1', subscriptionId: 'sub_1', plan: 'pro', updatedAt: new Date() };
      await subscriptions.save({ ...plan, status: 'past_due' });
      expect(await read()).to.deep.include({ subscription: { plan: 'pro', status: 'past_due', paid: false }, outstandingAction: 'complete_payment' });

      await subscriptions.save({ ...plan, status: 'active' });
      expect(await read()).to.deep.include({ subscription: { plan: 'pro', status: 'active', paid: true }, outstandingAction: null, onboardingComplete: true });
    });

    it('lists the platforms of active connections only, each once, sorted', async () => {
      await t.given.connection(ws, 'BLUESKY', 'a.bsky.social');
      await t.given.connection(ws, 'BLUESKY', 'b.bsky.social');
      const connections = t.composition.get(TOKENS.ConnectionRepository);
      const gone = (await connections.findById(await t.given.connection(ws, 'LINKEDIN', 'gone')))!;
      gone.disconnect(new Date());
      await connections.save(gone);
      const expired = (await connections.findById(await t.given.connection(ws, 'THREADS', 'expired')))!;
      expired.needsReconnect('the grant was revoked', new Date());
      await connections.save(expired);
      expect((await read()).connectedPlatforms).to.deep.equal(['BLUESKY', 'TWITTER']);
    });

    it('PATCH merges the steps given into the stored ones and answers {updated: true}', async () => {
      expect((await patch({ optionalSteps: { invite_team: 'skipped', 'import-media': 'completed' } }).expect(200)).body).to.deep.equal({ updated: true });
      expect((await patch({ optionalSteps: { invite_team: 'completed' } }).expect(200)).body).to.deep.equal({ updated: true });
      expect((await read()).optionalSteps).to.deep.equal({ 'import-media': 'completed', invite_team: 'completed' });
      // Another workspace's steps are its own.
      const otherKey = (await t.given.apiKey(otherWs, OTHER_OWNER_EMAIL, 'owner')).key;
      expect((await api(t.app).get(setup(otherWs)).set(bearer(otherKey)).expect(200)).body.optionalSteps).to.deep.equal({});
    });

    it('refuses a value other than completed or skipped, naming the step, and stores nothing of that request', async () => {
      const res = await patch({ optionalSteps: { profile: 'completed', billing: 'done' } }).expect(422);
      expect(res.body.error).to.include({ type: 'ValidationError', code: 'invalid_setup_steps' });
      expect(res.body.error.details).to.deep.equal([{ path: 'optionalSteps.billing', message: 'must be completed or skipped' }]);
      expect(await read())
        .to.have.nested.property('optionalSteps')
        .that.does.not.have.property('profile');
    });

    for (const [label, body, code, path] of [
      ['a missing optionalSteps', {}, 'invalid_body', 'optionalSteps'],
      ['a non-object optionalSteps', { optionalSteps: ['completed'] }, 'invalid_body', 'optionalSteps'],
      ['a string optionalSteps', { optionalSteps: 'completed' }, 'invalid_body', 'optionalSteps'],
      ['an unknown property', { optionalSteps: {}, extra: true }, 'invalid_body', 'extra'],
      ['a step name with capitals', { optionalSteps: { InviteTeam: 'completed' } }, 'invalid_setup_steps', 'optionalSteps.InviteTeam'],
      ['a step name of 65 characters', { optionalSteps: { ['a'.repeat(65)]: 'completed' } }, 'invalid_setup_steps', `optionalSteps.${'a'.repeat(65)}`],
      ['a null value', { optionalSteps: { tour: null } }, 'invalid_setup_steps', 'optionalSteps.tour'],
    ] as const) {
      it(`answers 422 ${code} naming ${path} for ${label}`, async () => {
        const res = await patch(body).expect(422);
        expect(res.body.error).to.include({ type: 'ValidationError', code });
        expect((res.body.error.details as Array<{ path: string }>).map((d) => d.path)).to.include(path);
      });
    }

    it('holds at most 50 steps: a PATCH that would pass the bound is a 422 and keeps nothing', async () => {
      const stored = Object.keys((await read()).optionalSteps).length;
      const steps = (n: number, prefix: string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, 'skipped']));
      await patch({ optionalSteps: steps(50 - stored, 'fill') }).expect(200);
      const res = await patch({ optionalSteps: { one_more: 'completed' } }).expect(422);
      expect(res.body.error.code).to.equal('too_many_setup_steps');
      // Overwriting stored steps stays within the bound.
      await patch({ optionalSteps: { fill0: 'completed' } }).expect(200);
      const after = (await read()).optionalSteps;
      expect(Object.keys(after)).to.have.length(50);
      expect(after).to.include({ fill0: 'completed' }).and.not.have.property('one_more');
      expect((await patch({ optionalSteps: steps(51, 'x') }).expect(422)).body.error.code).to.equal('too_many_setup_steps');
    });

    describe('access', () => {
      it('GET: any member, even a viewer; PATCH: members:write (owner, admin), a 403 naming the scope for an editor', async () => {
        await api(t.app)
          .get(setup())
          .set(bearer(await t.given.session(VIEWER_EMAIL)))
          .expect(200);
        // An existing step: the workspace already holds its 50.
        await patch({ optionalSteps: { fill1: 'completed' } }, await t.given.session(ADMIN_EMAIL)).expect(200);
        const res = await patch({ optionalSteps: { by_editor: 'completed' } }, await t.given.session(EDITOR_EMAIL)).expect(403);
        expect(res.body.error).to.include({ type: 'ForbiddenError', code: 'insufficient_scope' });
        expect(res.headers['www-authenticate']).to.include('members:write');
      });

      it('answers 404 for a workspace the caller is not a member of, and for one that does not exist', async () => {
        const stranger = await t.given.session(STRANGER_EMAIL);
        expect((await api(t.app).get(setup()).set(bearer(stranger)).expect(404)).body.error.code).to.equal('workspace_not_found');
        await patch({ optionalSteps: { x: 'completed' } }, stranger).expect(404);
        const owner = await t.given.session(OWNER_EMAIL);
        expect((await api(t.app).get(setup('01JNOSUCHWORKSPACE00000000')).set(bearer(owner)).expect(404)).body.error.code).to.equal('workspace_not_found');
      });

      it('answers 403 when a workspace-bound key is used on another workspace', async () => {
        const res = await api(t.app).get(setup(otherWs)).set(bearer(ownerKey)).expect(403);
        expect(res.body.error.code).to.equal('workspace_not_allowed');
      });

      it('answers 401 without a credential', async () => {
        const res = await api(t.app).get(setup()).expect(401);
        expect(res.body.error.code).to.equal('missing_credential');
        await api(t.app).patch(setup()).send({ optionalSteps: {} }).expect(401);
      });

      it('answers 429 once the credential has spent its budget', async () => {
        const limited = await startTestApp(await freshDatabaseEnv(kind), { RATE_LIMIT_MAX: '2' });
        try {
          await limited.given.user(OWNER_EMAIL);
          const limitedWs = await limited.given.workspace(OWNER_EMAIL);
          const key = (await limited.given.apiKey(limitedWs, OWNER_EMAIL, 'owner')).key;
          for (let i = 0; i < 2; i++) await api(limited.app).get(setup(limitedWs)).set(bearer(key)).expect(200);
          const res = await api(limited.app).get(setup(limitedWs)).set(bearer(key)).expect(429);
          expect(res.body.error.code).to.equal('rate_limited');
          expect(res.headers).to.have.property('retry-after');
        } finally {
          await limited.close();
        }
      });
    });
  });
}

describe('setup status on a self-hosted install with no payment provider configured (the default)', () => {
  it('asks for no payment: connect_account until an account is connected, then onboarding complete on the free plan', async () => {
    const t = await startTestApp(await freshDatabaseEnv('sqlite'));
    try {
      await t.given.user(OWNER_EMAIL);
      const ws = await t.given.workspace(OWNER_EMAIL, 'Self-hosted');
      const key = (await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
      const read = async () => (await api(t.app).get(`/v1/me/setup/${ws}`).set(bearer(key)).expect(200)).body;
      expect(await read()).to.include({ outstandingAction: 'connect_account', onboardingComplete: false });
      await t.given.connection(ws, 'BLUESKY', 'self.bsky.social');
      expect(await read()).to.deep.include({ subscription: { plan: 'free', status: 'none', paid: false }, outstandingAction: null, onboardingComplete: true });
      const overview = (await api(t.app).get(`/v1/me/overview/${ws}`).set(bearer(key)).expect(200)).body;
      expect(overview.setup).to.include({ outstandingAction: null, onboardingComplete: true });
    } finally {
      await t.close();
    }
  });
});
