import { expect } from 'chai';
import { OWNER_EMAIL } from '../../support/data/people';
import { api } from '../../support/openapi';
import { inMemoryApp } from './inMemoryApp';

/** Any valid credential reaches its person's email preferences: an OAuth token granted accounts:read only, too. */
describe('me.emailPreferences and me.updateEmailPreferences with each kind of credential', () => {
  it('answers the same person whether asked with a session, an OAuth token or an API key', async () => {
    const subject = await inMemoryApp();
    const userId = await subject.given.user(OWNER_EMAIL);
    const workspaceId = await subject.given.workspace(OWNER_EMAIL);
    const key = await subject.given.apiKey(workspaceId, OWNER_EMAIL, 'viewer', ['posts:read']);
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
    const oauth = auth(`oauth.${userId}.${workspaceId}`);

    const saved = await api(subject.app)
      .put('/v1/me/email-preferences')
      .set(oauth)
      .send({ productLifecycleEnabled: false, marketingEnabled: true })
      .expect(200);
    expect(saved.body).to.deep.equal({ productLifecycleEnabled: false, marketingEnabled: true });
    for (const credential of [auth(`session.${userId}`), auth(key), oauth]) {
      const res = await api(subject.app).get('/v1/me/email-preferences').set(credential).expect(200);
      expect(res.body).to.deep.equal({ productLifecycleEnabled: false, marketingEnabled: true });
    }
  });
});
