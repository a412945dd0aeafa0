import { expect } from 'chai';
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES, WEBHOOK_OF, WEBHOOKS } from '../../../../domain/webhook/WebhookEventType';

describe('webhook declarations: one webhook per recorded event', () => {
  it('each recorded event causes its own webhook, under a name no other uses (the test event apart)', () => {
    expect(new Set(WEBHOOKS.map((w) => w.event)).size, 'recorded events').to.equal(WEBHOOKS.length);
    expect(new Set(WEBHOOK_EVENT_TYPES).size, 'names').to.equal(WEBHOOKS.length);
    expect(WEBHOOK_EVENT_TYPES).not.to.include(TEST_EVENT_TYPE);
    for (const w of WEBHOOKS) expect(WEBHOOK_OF[w.event].name).to.equal(w.name);
  });
});
