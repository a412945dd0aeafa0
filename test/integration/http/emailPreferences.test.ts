import { expect } from 'chai';
import { TOKENS } from '../../../config/tokens';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { OTHER_OWNER_EMAIL, OWNER_EMAIL, VIEWER_EMAIL } from '../../support/data/people';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const PATH = '/v1/me/email-preferences';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const DEFAULTS = { productLifecycleEnabled: true, marketingEnabled: false };

for (const kind of DATABASE_KINDS) {
  describe(`Email preferences (GET and PUT ${PATH}) on ${kind}`, function () {
    let t: TestApp;
    let databaseEnv: Record<string, string>;
    let workspaceId: string;
    let ownerSession: string;
    let ownerKey: string;
    let otherSession: string;
    let viewerKey: string;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      databaseEnv = await freshDatabaseEnv(kind);
      t = await startTestApp(databaseEnv);
      await t.given.user(OWNER_EMAIL);
      await t.given.user(OTHER_OWNER_EMAIL);
      await t.given.user(VIEWER_EMAIL);
      workspaceId = await t.given.workspace(OWNER_EMAIL);
      await t.given.workspace(OTHER_OWNER_EMAIL, 'Other');
      await t.given.member(workspaceId, VIEWER_EMAIL, 'viewer');
      ownerSession = await t.given.session(OWNER_EMAIL);
      ownerKey = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
      otherSession = await t.given.session(OTHER_OWNER_EMAIL);
      viewerKey = (await t.given.apiKey(workspaceId, VIEWER_EMAIL, 'viewer', ['posts:read'])).key;
    });
    after(async () => t?.close());

    const put = (token: string, body: unknown) =>
      api(t.app)
        .put(PATH)
        .set(bearer(token))
        .send(body as object);
    const get = (token: string) => api(t.app).get(PATH).set(bearer(token));

    it('answers 401 with the error body without a credential, on GET and PUT', async () => {
      const read = await api(t.app).get(PATH).expect(401);
      expect(read.body.error).to.include({ type: 'UnauthorizedError', code: 'missing_credential' });
      const write = await api(t.app).put(PATH).send(DEFAULTS).expect(401);
      expect(write.body.error).to.include({ type: 'UnauthorizedError', code: 'missing_credential' });
    });

    it('answers the defaults to a person who never chose: product lifecycle on, marketing off', async () => {
      expect((await get(otherSession).expect(200)).body).to.deep.equal(DEFAULTS);
    });

    it('stores both choices for the person, whichever credential reads them next', async () => {
      const saved = await put(ownerSession, { productLifecycleEnabled: false, marketingEnabled: true }).expect(200);
      expect(saved.body).to.deep.equal({ productLifecycleEnabled: false, marketingEnabled: true });
      expect((await get(ownerKey).expect(200)).body).to.deep.equal({ productLifecycleEnabled: false, marketingEnabled: true });
      await put(ownerKey, { productLifecycleEnabled: true, marketingEnabled: true }).expect(200);
      expect((await get(ownerSession).expect(200)).body).to.deep.equal({ productLifecycleEnabled: true, marketingEnabled: true });
    });

    it("never changes another person's preferences", async () => {
      await put(ownerSession, { productLifecycleEnabled: false, marketingEnabled: true }).expect(200);
      expect((await get(otherSession).expect(200)).body).to.deep.equal(DEFAULTS);
      await put(otherSession, { productLifecycleEnabled: true, marketingEnabled: true }).expect(200);
      expect((await get(ownerSession).expect(200)).body).to.deep.equal({ productLifecycleEnabled: false, marketingEnabled: true });
      expect((await get(viewerKey).expect(200)).body).to.deep.equal(DEFAULTS);
    });

    it('lets any valid credential change its own person: a viewer key granted posts:read only', async () => {
      const saved = await put(viewerKey, { productLifecycleEnabled: false, marketingEnabled: false }).expect(200);
      expect(saved.body).to.deep.equal({ productLifecycleEnabled: false, marketingEnabled: false });
      expect((await get(viewerKey).expect(200)).body).to.deep.equal({ productLifecycleEnabled: false, marketingEnabled: false });
    });

    for (const [label, body, path, message] of [
      ['a missing productLifecycleEnabled', { marketingEnabled: true }, 'productLifecycleEnabled', 'is required'],
      ['a missing marketingEnabled', { productLifecycleEnabled: true }, 'marketingEnabled', 'is required'],
      ['the string "true"', { productLifecycleEnabled: 'true', marketingEnabled: true }, 'productLifecycleEnabled', 'must be a boolean value'],
      ['a number', { productLifecycleEnabled: true, marketingEnabled: 1 }, 'marketingEnabled', 'must be a boolean value'],
      ['null', { productLifecycleEnabled: true, marketingEnabled: null }, 'marketingEnabled', 'must be a boolean value'],
      ['an extra field', { productLifecycleEnabled: true, marketingEnabled: true, weeklyDigest: true }, 'weeklyDigest', 'is not an allowed property'],
    ] as const) {
      it(`refuses ${label} with 422 invalid_body naming the field, and keeps the stored choices`, async () => {
        await put(otherSession, { productLifecycleEnabled: false, marketingEnabled: false }).expect(200);
        const res = await put(otherSession, body).expect(422);
        expect(res.body.error).to.include({ type: 'ValidationError', code: 'invalid_body' });
        expect(res.body.error.details).to.deep.equal([{ path, message }]);
        expect((await get(otherSession).expect(200)).body).to.deep.equal({ productLifecycleEnabled: false, marketingEnabled: false });
      });
    }

    it('refuses a body that is not an object (an array, no body at all) with 422 invalid_body', async () => {
      const array = await put(otherSession, [true, false]).expect(422);
      expect(array.body.error).to.include({ type: 'ValidationError', code: 'invalid_body' });
      const none = await api(t.app).put(PATH).set(bearer(otherSession)).expect(422);
      expect(none.body.error.code).to.equal('invalid_body');
    });

    it('keeps the choices across a restart of the service', async () => {
      await put(ownerSession, { productLifecycleEnabled: false, marketingEnabled: true }).expect(200);
      const restarted = await startTestApp(databaseEnv);
      try {
        const res = await api(restarted.app).get(PATH).set(bearer(ownerSession)).expect(200);
        expect(res.body).to.deep.equal({ productLifecycleEnabled: false, marketingEnabled: true });
      } finally {
        await restarted.close();
      }
    });

    it('answers the EmailPreferences port a mailer consults from the same choices', async () => {
      const preferences = t.composition.get(TOKENS.EmailPreferences);
      const fresh = await t.given.user('fresh@example.com');
      expect(await preferences.allows(fresh, 'product_lifecycle')).to.equal(true);
      expect(await preferences.allows(fresh, 'marketing')).to.equal(false);
      const freshSession = await t.given.session('fresh@example.com');
      await put(freshSession, { productLifecycleEnabled: false, marketingEnabled: true }).expect(200);
      expect(await preferences.allows(fresh, 'product_lifecycle')).to.equal(false);
      expect(await preferences.allows(fresh, 'marketing')).to.equal(true);
    });
  });
}
