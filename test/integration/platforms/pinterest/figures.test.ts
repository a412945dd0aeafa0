import { expect } from 'chai';
import { PinterestFake } from '../../../support/fakes/pinterestFake';
import { pinterestChecker } from '../../../support/fakes/pinterestFakeAnalytics';
import { DAY_MS, oauth2Grant } from '../../../support/platformTestKit';
import { BOARD_ACCOUNT, NOW, SCOPES, connectorFor } from './pinterestTestKit';

describe('Pinterest connector: a published pin’s figures (GET /v5/pins/{pin_id}/analytics)', () => {
  let fake: PinterestFake;
  beforeEach(async () => {
    fake = await PinterestFake.start();
    fake.state.now = () => NOW;
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  /** A pin of the account's board, with the figures Pinterest has for it. */
  function pin(figures?: Record<string, number>): string {
    const id = String(813_000_000_000 + fake.state.next());
    fake.state.pins.push({ id, body: { board_id: '549755885175', description: 'A pin' }, createdAt: NOW, fetchedImages: [] });
    if (figures) fake.state.pinFigures.set(id, figures);
    return id;
  }

  const read = (platformPostIds: string[], scopes = SCOPES) => {
    const grant = oauth2Grant(fake.tokens(scopes), { accessMs: 30 * DAY_MS, refreshMs: null }, scopes);
    return connectorFor(fake).reader.figures({ account: BOARD_ACCOUNT, grant, platformPostIds });
  };

  it('reads impressions, pin clicks, saves, comments and reactions; no reposts or quotes; Pinterest’s own names in raw', async () => {
    const id = pin({ IMPRESSION: 2400, PIN_CLICK: 37, OUTBOUND_CLICK: 20, SAVE: 18, TOTAL_COMMENTS: 4, TOTAL_REACTIONS: 12 });
    expect(await read([id])).to.deep.equal({
      ok: true,
      figures: new Map([
        [
          id,
          {
            kind: 'counts',
            counts: { likes: 12, reposts: null, replies: 4, quotes: null, saves: 18, views: 2400, clicks: 37 },
            raw: {
              'summary_metrics.IMPRESSION': 2400,
              'summary_metrics.PIN_CLICK': 37,
              'summary_metrics.OUTBOUND_CLICK': 20,
              'summary_metrics.SAVE': 18,
              'lifetime_metrics.TOTAL_COMMENTS': 4,
              'lifetime_metrics.TOTAL_REACTIONS': 12,
            },
          },
        ],
      ]),
    });
    const asked = fake.received.find((r) => r.path === `/v5/pins/${id}/analytics`);
    expect(Object.fromEntries(asked?.query ?? [])).to.deep.equal({
      start_date: '2026-08-26',
      end_date: '2026-11-23',
      metric_types: 'IMPRESSION,PIN_CLICK,OUTBOUND_CLICK,SAVE,TOTAL_COMMENTS,TOTAL_REACTIONS',
    });
  });

  it('reads one pin a call: the multi-pin read is a beta not open to every app', async () => {
    const ids = [pin({ IMPRESSION: 1 }), pin({ IMPRESSION: 2 })];
    const figures = await read(ids);
    if (!figures.ok) throw new Error(figures.reason);
    expect(ids.map((id) => figures.figures.get(id)).map((f) => (f?.kind === 'counts' ? f.counts.views : f?.kind))).to.deep.equal([1, 2]);
    expect(fake.received.filter((r) => r.path.endsWith('/analytics')).map((r) => r.path)).to.deep.equal(ids.map((id) => `/v5/pins/${id}/analytics`));
    expect(connectorFor(fake).reader.figuresBatchSize).to.equal(1);
  });

  it('reports a pin Pinterest answers 404 “Pin not found.” for as deleted', async () => {
    const id = pin();
    fake.state.pins.splice(0, 1);
    expect(await read([id])).to.deep.equal({ ok: true, figures: new Map([[id, { kind: 'deleted' }]]) });
  });

  it('defers on a 429 for its Retry-After, a minute without one', async () => {
    const id = pin();
    fake.answerNext('pins/analytics', { kind: 'rateLimited', retryAfterSeconds: 120 });
    expect(await read([id])).to.deep.equal({
      ok: false,
      reason: 'Pinterest: You have exceeded your rate limit. Try again later. (code 8)',
      retryAfterSeconds: 120,
    });
    fake.answerNext('pins/analytics', { kind: 'rateLimited', retryAfterSeconds: null });
    expect(await read([id])).to.deep.include({ ok: false, retryAfterSeconds: 60 });
  });

  it('says why a read failed in Pinterest’s words; a connection without pins:read is told to connect again, nothing asked', async () => {
    const id = pin();
    fake.answerNext('pins/analytics', { kind: 'serverError' });
    expect(await read([id])).to.deep.equal({ ok: false, reason: 'Pinterest: Internal error. (code 1)', retryAfterSeconds: null });
    const before = fake.received.length;
    expect(await read([id], ['boards:read', 'pins:write'])).to.deep.equal({
      ok: false,
      reason: "the connection lacks Pinterest's pins:read permission: connect the account again",
      retryAfterSeconds: null,
    });
    expect(fake.received.length).to.equal(before);
  });

  it('holds metric_types to the description’s two lists, a name they share accepted (their oneOf overlaps), any other refused', () => {
    const asked = (metricTypes: string) =>
      pinterestChecker().check(
        {
          method: 'GET',
          path: '/v5/pins/1/analytics',
          query: new URLSearchParams({ start_date: '2026-11-01', end_date: '2026-11-23', metric_types: metricTypes }),
          headers: { authorization: 'Bearer pina_access' },
          body: Buffer.alloc(0),
        },
        SCOPES,
      ).violations;
    expect(asked('IMPRESSION,SAVE,VIDEO_MRC_VIEW,USER_FOLLOW')).to.deep.equal([]);
    expect(asked('IMPRESSION,LIKES').map((v) => v.field)).to.include('query.metric_types[1]');
  });
});
