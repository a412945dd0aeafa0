import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { StandardWebhookSigner } from '../../../../adapters/outbound/webhooks/StandardWebhookSigner';
import { DomainError } from '../../../../domain/shared/DomainError';
import { WEBHOOK_EVENT_TYPES } from '../../../../domain/webhook/WebhookEventType';
import { WEBHOOK_DESCRIPTION_MAX, WebhookSubscription } from '../../../../domain/webhook/WebhookSubscription';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const HOUR_MS = 3_600_000;

const create = (input: { url?: string; eventTypes?: readonly string[]; description?: string | null; enabled?: boolean; secret?: string } = {}) =>
  WebhookSubscription.create({
    id: 'wh_1',
    workspaceId: 'ws_1',
    url: input.url ?? 'https://hooks.example.com/dispatch',
    eventTypes: input.eventTypes ?? ['post.published'],
    enabled: input.enabled,
    description: input.description,
    secret: input.secret ?? 'whsec_first',
    now: T0,
  });

/** The DomainError `fn` throws, or a failure when it throws none. */
function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

function expectInvalid(fn: () => unknown, path: string, message: RegExp): DomainError {
  const error = refusal(fn);
  expect(error).to.include({ kind: 'validation', code: 'invalid_webhook' });
  expect(
    error.details.some((d) => d.path === path && message.test(d.message)),
    JSON.stringify(error.details),
  ).to.equal(true);
  return error;
}

describe('WebhookSubscription', () => {
  describe('create: what a subscription may be', () => {
    it('a valid one: enabled, healthy, its secret signing, its fields as given', () => {
      const s = create({ url: 'http://127.0.0.1:4000/hooks?x=1', eventTypes: ['post.failed', 'target.failed'], description: 'dashboard' });
      const p = s.toSnapshot();
      expect(p).to.include({ id: 'wh_1', workspaceId: 'ws_1', url: 'http://127.0.0.1:4000/hooks?x=1', enabled: true, description: 'dashboard' });
      expect(p.eventTypes).to.deep.equal(['post.failed', 'target.failed']);
      expect(s.status).to.equal('healthy');
      expect(s.health).to.deep.equal({ consecutiveFailures: 0, lastSuccessAt: null, lastFailureAt: null, lastError: null, disabledReason: null });
      expect(s.signingSecrets(T0)).to.deep.equal(['whsec_first']);
      expect(p.createdAt).to.deep.equal(T0);
    });

    it('may be created switched off: disabled, with no disabledReason (its owner did it)', () => {
      const s = create({ enabled: false });
      expect(s.status).to.equal('disabled');
      expect(s.health.disabledReason).to.equal(null);
      expect(s.wants('post.published')).to.equal(false);
    });

    it('refuses a URL that is not absolute: 422 invalid_webhook on url', () => {
      for (const url of ['not a url', '/hooks/dispatch', 'hooks.example.com/dispatch', '']) {
        expectInvalid(() => create({ url }), 'url', /absolute URL/);
      }
    });

    it('refuses a scheme other than http and https (ftp, file, javascript)', () => {
      for (const url of ['ftp://hooks.example.com/dispatch', 'file:///etc/passwd', 'javascript:alert(1)', 'ws://hooks.example.com/']) {
        expectInvalid(() => create({ url }), 'url', /http or https/);
      }
    });

    it('refuses a user name or password in the URL', () => {
      for (const url of ['https://user:pass@hooks.example.com/', 'https://user@hooks.example.com/', 'https://:secret@hooks.example.com/']) {
        expectInvalid(() => create({ url }), 'url', /user name or password/);
      }
    });

    it('refuses port 0 (issue 19)', () => {
      expectInvalid(() => create({ url: 'http://hooks.example.com:0/dispatch' }), 'url', /port 0/);
    });

    it('refuses a fragment', () => {
      expectInvalid(() => create({ url: 'https://hooks.example.com/dispatch#part' }), 'url', /fragment/);
    });

    it('refuses a URL longer than 2048 characters', () => {
      expectInvalid(() => create({ url: `https://hooks.example.com/${'a'.repeat(2048)}` }), 'url', /at most 2048/);
    });

    it('refuses no event types at all', () => {
      expectInvalid(() => create({ eventTypes: [] }), 'eventTypes', /at least one event type/);
    });

    it('refuses an unknown event type, naming it, and the test event (sent on request only)', () => {
      const error = expectInvalid(() => create({ eventTypes: ['post.published', 'post.deleted'] }), 'eventTypes', /unknown event type "post\.deleted"/);
      expect(error.details).to.have.length(1);
      expectInvalid(() => create({ eventTypes: ['webhook.test'] }), 'eventTypes', /unknown event type "webhook\.test"/);
      expectInvalid(() => create({ eventTypes: ['POST.PUBLISHED'] }), 'eventTypes', /unknown event type/);
    });

    it(`refuses a description longer than ${WEBHOOK_DESCRIPTION_MAX} characters; exactly ${WEBHOOK_DESCRIPTION_MAX} is fine`, () => {
      expectInvalid(() => create({ description: 'd'.repeat(WEBHOOK_DESCRIPTION_MAX + 1) }), 'description', /at most 500/);
      expect(create({ description: 'd'.repeat(WEBHOOK_DESCRIPTION_MAX) }).toSnapshot().description).to.have.length(WEBHOOK_DESCRIPTION_MAX);
    });

    it('reports every problem at once', () => {
      const error = refusal(() => create({ url: 'ftp://x', eventTypes: ['nope'], description: 'd'.repeat(WEBHOOK_DESCRIPTION_MAX + 1) }));
      expect(error.code).to.equal('invalid_webhook');
      expect(error.details.map((d) => d.path)).to.have.members(['url', 'eventTypes', 'description']);
    });

    it('removes duplicate event types, keeping their first order', () => {
      const s = create({ eventTypes: ['post.failed', 'post.published', 'post.failed', 'post.published', 'target.failed'] });
      expect(s.toSnapshot().eventTypes).to.deep.equal(['post.failed', 'post.published', 'target.failed']);
    });

    it('accepts every event type of the catalogue', () => {
      const s = create({ eventTypes: WEBHOOK_EVENT_TYPES });
      for (const type of WEBHOOK_EVENT_TYPES) expect(s.wants(type), type).to.equal(true);
    });
  });

  describe('change', () => {
    it('changes the fields given, keeps the others, and validates them as create does', () => {
      const s = create({ description: 'before' });
      s.change({ url: 'https://other.example.com/in', eventTypes: ['target.failed', 'target.failed'] }, at(60));
      const p = s.toSnapshot();
      expect(p).to.include({ url: 'https://other.example.com/in', description: 'before', enabled: true });
      expect(p.eventTypes).to.deep.equal(['target.failed']);
      expect(p.updatedAt).to.deep.equal(at(60));
      expect(s.wants('post.published')).to.equal(false);
      expect(s.wants('target.failed')).to.equal(true);

      expectInvalid(() => s.change({ url: 'https://u:p@other.example.com/' }, at(61)), 'url', /user name or password/);
      expectInvalid(() => s.change({ eventTypes: [] }, at(61)), 'eventTypes', /at least one/);
      expect(s.url, 'a refused change changes nothing').to.equal('https://other.example.com/in');

      s.change({ description: null }, at(62));
      expect(s.toSnapshot().description).to.equal(null);
    });

    it('switching a service-disabled subscription back on resets its failures and disabledReason', () => {
      const s = create();
      for (let i = 1; i <= 4; i++) s.recordFailure('the endpoint answered 500', at(i));
      s.disableAfterFailures('disabled after 4 failed attempts', at(5));
      expect(s.status).to.equal('disabled');
      expect(s.enabled).to.equal(false);
      expect(s.health).to.include({ consecutiveFailures: 4, disabledReason: 'disabled after 4 failed attempts' });

      s.change({ enabled: true }, at(10));
      expect(s.enabled).to.equal(true);
      expect(s.status).to.equal('healthy');
      expect(s.health).to.include({ consecutiveFailures: 0, disabledReason: null });
      expect(s.health.lastFailureAt, 'the history stays').to.deep.equal(at(4));
      expect(s.health.lastError).to.equal('the endpoint answered 500');
    });

    it('changing another field of an enabled, failing subscription keeps its failures', () => {
      const s = create();
      s.recordFailure('the endpoint answered 500', at(1));
      s.change({ enabled: true, description: 'still on' }, at(2));
      expect(s.status).to.equal('failing');
      expect(s.health.consecutiveFailures).to.equal(1);
    });

    it('switching it off by its owner: disabled, without a disabledReason', () => {
      const s = create();
      s.change({ enabled: false }, at(1));
      expect(s.status).to.equal('disabled');
      expect(s.health.disabledReason).to.equal(null);
      expect(s.wants('post.published')).to.equal(false);
    });
  });

  describe('rotateSecret', () => {
    const signer = new StandardWebhookSigner();
    const body = JSON.stringify({ id: 'evt_1', type: 'post.published' });

    /** Which of `secrets` verify a delivery signed at `when` (its timestamp is the real now, for the library's tolerance). */
    function verifyingSecrets(s: WebhookSubscription, when: Date, secrets: string[]): string[] {
      const now = new Date();
      const headers = signer.headers(s.signingSecrets(when), 'evt_1', now, body);
      return secrets.filter((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
    }

    it('the old secret signs beside the new one until the overlap ends, then only the new one', () => {
      const [oldSecret, newSecret] = [signer.newSecret(), signer.newSecret()];
      const s = create({ secret: oldSecret });
      s.rotateSecret(newSecret, at(0), 24 * HOUR_MS);

      expect(s.signingSecrets(at(0))).to.have.members([oldSecret, newSecret]);
      expect(verifyingSecrets(s, at(0), [oldSecret, newSecret])).to.deep.equal([oldSecret, newSecret]);
      expect(s.signingSecrets(at(24 * 3600 - 1))).to.have.members([oldSecret, newSecret]);

      expect(s.signingSecrets(at(24 * 3600)), 'the overlap has ended').to.deep.equal([newSecret]);
      expect(verifyingSecrets(s, at(24 * 3600 + 1), [oldSecret, newSecret])).to.deep.equal([newSecret]);
      expect(s.toSnapshot().updatedAt).to.deep.equal(at(0));
    });

    it('two rotations in a row: the secret the second one replaces signs through its overlap, the first stops at once (two signatures at most)', () => {
      const [first, second, third] = ['whsec_first', 'whsec_second', 'whsec_third'];
      const s = create({ secret: first });
      s.rotateSecret(second, at(0), 24 * HOUR_MS);
      s.rotateSecret(third, at(3600), 24 * HOUR_MS);

      expect(s.signingSecrets(at(3600))).to.deep.equal([third, second]);
      expect(s.signingSecrets(at(25 * 3600 - 1))).to.deep.equal([third, second]);
      expect(s.signingSecrets(at(25 * 3600))).to.deep.equal([third]);
    });

    it('forty rotations in a row: still two secrets, the newest two', () => {
      const s = create({ secret: 'whsec_0' });
      for (let i = 1; i <= 40; i++) s.rotateSecret(`whsec_${i}`, at(i), 24 * HOUR_MS);
      expect(s.signingSecrets(at(41))).to.deep.equal(['whsec_40', 'whsec_39']);
    });

    it('a rotation with no overlap: the old secret stops at once', () => {
      const s = create({ secret: 'whsec_old' });
      s.rotateSecret('whsec_new', at(0), 0);
      expect(s.signingSecrets(at(0))).to.deep.equal(['whsec_new']);
    });

    it('rotating twice quickly keeps at most the secrets still in their overlap (an expired one is dropped)', () => {
      const s = create({ secret: 'whsec_a' });
      s.rotateSecret('whsec_b', at(0), 60_000);
      s.rotateSecret('whsec_c', at(120), 60_000);
      expect(s.toSnapshot().secrets.map((x) => x.secret)).to.deep.equal(['whsec_c', 'whsec_b'], 'the current secret first');
      expect(s.signingSecrets(at(120))).to.have.members(['whsec_b', 'whsec_c']);
      expect(s.signingSecrets(at(180))).to.deep.equal(['whsec_c']);
    });
  });

  describe('status', () => {
    it('healthy → failing after a failed attempt → healthy after a success → disabled when switched off by the service', () => {
      const s = create();
      expect(s.status).to.equal('healthy');

      s.recordFailure('no answer within 1000 ms', at(1));
      expect(s.status).to.equal('failing');
      expect(s.health).to.include({ consecutiveFailures: 1, lastError: 'no answer within 1000 ms' });
      expect(s.health.lastFailureAt).to.deep.equal(at(1));
      s.recordFailure('the endpoint answered 503', at(2));
      expect(s.health.consecutiveFailures).to.equal(2);

      s.recordSuccess(at(3));
      expect(s.status).to.equal('healthy');
      expect(s.health.consecutiveFailures).to.equal(0);
      expect(s.health.lastSuccessAt).to.deep.equal(at(3));

      s.recordFailure('the endpoint answered 500', at(4));
      s.disableAfterFailures('failed its whole schedule', at(5));
      expect(s.status).to.equal('disabled');
      expect(s.enabled).to.equal(false);
      expect(s.wants('post.published')).to.equal(false);
    });
  });
});
