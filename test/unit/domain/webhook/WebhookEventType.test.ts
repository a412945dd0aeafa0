import { expect } from 'chai';
import { Connection } from '../../../../domain/connection/Connection';
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES, WEBHOOK_OF, WEBHOOKS } from '../../../../domain/webhook/WebhookEventType';

const T0 = new Date('2030-01-01T00:00:00.000Z');

describe('webhook declarations: one webhook per recorded event', () => {
  it('each recorded event causes its own webhook, under a name no other uses (the test event apart)', () => {
    expect(new Set(WEBHOOKS.map((w) => w.event)).size, 'recorded events').to.equal(WEBHOOKS.length);
    expect(new Set(WEBHOOK_EVENT_TYPES).size, 'names').to.equal(WEBHOOKS.length);
    expect(WEBHOOK_EVENT_TYPES).not.to.include(TEST_EVENT_TYPE);
    for (const w of WEBHOOKS) expect(WEBHOOK_OF[w.event].name).to.equal(w.name);
  });

  it('a connection disconnected records connection.disconnected once, with the connection, and not again when disconnected twice', () => {
    const connection = Connection.create({ id: 'c_1', workspaceId: 'ws_1', platform: 'BLUESKY', handle: 'someone', now: T0 });
    connection.disconnect(T0);
    connection.disconnect(new Date(T0.getTime() + 1000));
    const events = connection.takeEvents();
    expect(events.map((e) => e.type)).to.deep.equal(['ConnectionDisconnected']);
    const webhook = WEBHOOK_OF.ConnectionDisconnected;
    expect(webhook.name).to.equal('connection.disconnected');
    expect(webhook.values(events[0] as Extract<(typeof events)[number], { type: 'ConnectionDisconnected' }>).connection).to.equal(connection);
    expect(connection.takeEvents(), 'taken once').to.deep.equal([]);
  });
});
