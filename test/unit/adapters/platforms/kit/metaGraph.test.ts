import { expect } from 'chai';
import { type Answered } from '../../../../../adapters/outbound/platforms/kit/http';
import { metaGrantFailure, metaGraphErrors } from '../../../../../adapters/outbound/platforms/kit/metaGraph';
import { failedCall } from '../../../../../adapters/outbound/platforms/kit/outcomes';

const NOW = new Date('2026-11-23T12:00:00Z');
const errors = metaGraphErrors({
  platform: 'Meta',
  throttleSeconds: 300,
  throttleSubcodes: { 2207042: 3600 },
  retryableSubcodes: [2207003],
  refusedSubcodes: [2207051],
});

const answer = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}): Answered => ({
  kind: 'answered',
  status,
  headers: new Headers(headers),
  text: JSON.stringify({ error: { type: 'OAuthException', fbtrace_id: 'A1', ...error } }),
});

describe('kit/metaGraph: what a Meta Graph API answer means', () => {
  it('a dead token (190, 102) and a permission not granted (10, 200–299) ask for the account again', () => {
    for (const code of [190, 102, 10, 200, 299]) {
      expect(failedCall(answer(400, { code, message: 'm' }), 'creating', errors, NOW).kind, String(code)).to.equal('needsReconnect');
    }
  });

  it('a throttle waits as long as X-Business-Use-Case-Usage says, else the platform’s time; its own subcodes their own time', () => {
    const usage = JSON.stringify({ '104400000001': [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: 7 }] });
    expect(failedCall(answer(400, { code: 80001, message: 'm' }, { 'X-Business-Use-Case-Usage': usage }), 'creating', errors, NOW)).to.deep.include({
      kind: 'retryLater',
      afterSeconds: 420,
    });
    expect(failedCall(answer(400, { code: 341, message: 'Application limit reached' }), 'creating', errors, NOW)).to.deep.include({
      kind: 'retryLater',
      afterSeconds: 300,
    });
    expect(failedCall(answer(400, { code: 9, error_subcode: 2207042, message: 'm' }), 'creating', errors, NOW)).to.deep.include({ afterSeconds: 3600 });
  });

  it('a refused subcode ends the attempt even under a throttle code; a retryable one is transient (unknown when it creates)', () => {
    expect(failedCall(answer(400, { code: 4, error_subcode: 2207051, message: 'spam' }), 'creating', errors, NOW).kind).to.equal('rejected');
    expect(failedCall(answer(400, { code: 9004, error_subcode: 2207003, message: 'm' }), 'preparing', errors, NOW).kind).to.equal('retryLater');
    expect(failedCall(answer(400, { code: 9004, error_subcode: 2207003, message: 'm' }), 'creating', errors, NOW).kind).to.equal('outcomeUnknown');
    expect(failedCall(answer(400, { code: 100, message: 'm', is_transient: true }), 'preparing', errors, NOW).kind).to.equal('retryLater');
  });

  it('code 1 is temporary, except as an OAuthException (a wrong app secret)', () => {
    expect(failedCall(answer(500, { code: 1, type: 'GraphMethodException', message: 'unknown' }), 'preparing', errors, NOW).kind).to.equal('retryLater');
    expect(metaGrantFailure(answer(400, { code: 1, message: 'Error validating client secret.' }), errors, NOW)).to.deep.equal({
      kind: 'rejected',
      reason: 'Meta: Error validating client secret. (#1)',
    });
  });

  it('says the message meant for people where there is one, with its code unless the message names it', () => {
    expect(errors.message(answer(400, { code: 9004, error_subcode: 2207052, message: 'Only photo', error_user_msg: 'Could not fetch' }))).to.equal(
      'Meta: Could not fetch (#9004/2207052)',
    );
    expect(errors.message(answer(403, { code: 4, message: '(#4) Application request limit reached' }))).to.equal(
      'Meta: (#4) Application request limit reached',
    );
  });

  it('a dead authorization code asks for the account again, in the Graph shape or api.instagram.com’s older one', () => {
    expect(metaGrantFailure(answer(400, { code: 100, error_subcode: 36007, message: 'This authorization code has expired.' }), errors, NOW).kind).to.equal(
      'reconnect',
    );
    const legacy: Answered = {
      kind: 'answered',
      status: 400,
      headers: new Headers(),
      text: JSON.stringify({ error_type: 'OAuthException', code: 400, error_message: 'Invalid authorization code' }),
    };
    expect(metaGrantFailure(legacy, errors, NOW)).to.deep.equal({ kind: 'reconnect', reason: 'Meta: Invalid authorization code' });
  });
});
