import { expect } from 'chai';
import { buildPublishingWorker } from '../../../config/publishingWorker';
import { OWNER_EMAIL } from '../../support/data/people';
import { group, targetOn } from '../../support/data/posts';
import { api } from '../../support/openapi';
import { freshDatabaseEnv, startTestApp } from '../../support/testApp';
import { eventually } from '../../support/workerProcess';

/**
 * The service as it ships today: no platform publisher is installed (a later issue), so a
 * worker fails what it takes with a reason the user can read, rather than leaving the post
 * `publishing` forever (docs/decisions.md, "The publishing engine").
 */
describe('the publishing loop with the registry as shipped (no publisher yet)', () => {
  it('fails a publish_now target with "this service cannot publish to TWITTER: it is not configured here", naming what to set and register; the post failed', async () => {
    const t = await startTestApp(await freshDatabaseEnv('sqlite'), { BASE_URL: 'https://dispatch.example' });
    const worker = buildPublishingWorker(t.composition, 20);
    try {
      await t.given.user(OWNER_EMAIL);
      const ws = await t.given.workspace(OWNER_EMAIL);
      const connectionId = await t.given.connection(ws, 'TWITTER', '@shipped');
      const auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
      const http = api(t.app);
      const body = { groups: [group()], targets: [targetOn(connectionId, 'TWITTER')], intent: 'publish_now' };
      const post = (await http.post(`/v1/workspaces/${ws}/posts`).set(auth).send(body).expect(200)).body;
      worker.start();

      const read = async () => (await http.get(`/v1/workspaces/${ws}/posts/${post.id}`).set(auth).expect(200)).body;
      await eventually(async () => (await read()).status === 'failed', 10_000, 'the post failed');
      const [target] = (await read()).targets;
      expect(target.status).to.equal('failed');
      expect(target.error).to.equal(
        'this service cannot publish to TWITTER: it is not configured here; to configure it, set TWITTER_CLIENT_ID and TWITTER_CLIENT_SECRET, ' +
          'register https://dispatch.example/connect/twitter/callback as the app\'s redirect URL, and restart the service (README, "Connecting accounts")',
      );
    } finally {
      await worker.stop(5000);
      await t.close();
    }
  });
});
