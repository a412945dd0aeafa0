import fs from 'node:fs';
import path from 'node:path';
import { DescribedApi } from './kit/describedApi';
import { type RequestChecker } from './kit/RequestChecker';
import { ownerOf, type PinterestCall } from './pinterestFakeAccount';
import { invalid, pinterestError } from './pinterestFakeAnswers';

/** Lifetime metrics, reported apart from the period's summary (the description's `lifetime_metrics` example). */
const LIFETIME = new Set(['TOTAL_COMMENTS', 'TOTAL_REACTIONS']);

const DAY_MS = 86_400_000;

const dayOf = (text: string | null): number | null => (text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : null);

/**
 * `GET /v5/pins/{pin_id}/analytics` (pins/analytics): the pin's figures as the description's
 * `PinAnalyticsResponse` keyed by app type (`all`, no split asked): the metrics asked for, the
 * lifetime ones apart, each the pin's total so far (`state.pinFigures`, zeros where unset). Its
 * date rules are the description's: `start_date` at most 90 days back from today, `end_date` at
 * most 90 days past it. A pin the account does not have is the description's 404 "Pin not found.".
 */
export function pinAnalytics(call: PinterestCall) {
  if (!ownerOf(call)) return;
  const { state } = call;
  const pinId = decodeURIComponent(/^\/v5\/pins\/([^/]+)\/analytics$/.exec(call.url.pathname)?.[1] ?? '');
  if (!state.pins.some((p) => p.id === pinId)) return call.send(pinterestError(404, 404, 'Pin not found.'));
  const query = call.url.searchParams;
  const [start, end] = [dayOf(query.get('start_date')), dayOf(query.get('end_date'))];
  const today = dayOf(state.now().toISOString().slice(0, 10))!;
  if (start === null || end === null || start < today - 90 * DAY_MS || end > start + 90 * DAY_MS || end < start) {
    return call.send(invalid('Invalid pins analytics parameters.'));
  }
  const figures = state.pinFigures.get(pinId) ?? {};
  const asked = (query.get('metric_types') ?? '').split(',');
  const countsOf = (names: string[]) => Object.fromEntries(names.map((name) => [name, figures[name] ?? 0]));
  const summary = countsOf(asked.filter((name) => !LIFETIME.has(name)));
  const daily = { date: query.get('end_date'), data_status: 'READY', metrics: summary };
  call.answer(200, { all: { daily_metrics: [daily], summary_metrics: summary, lifetime_metrics: countsOf(asked.filter((name) => LIFETIME.has(name))) } });
}

/** The two lists of pin metric types (standard, video) the description's `metric_types` is `oneOf`. */
function metricTypeLists(): string[][] {
  const file = path.join(__dirname, '..', '..', 'fixtures', 'platform-apis', 'pinterest-openapi.json');
  const document = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    components: { parameters: Record<string, { schema: { items: { oneOf: Array<{ enum: string[] }> } } }> };
  };
  return document.components.parameters.query_pin_analytics_metric_types!.schema.items.oneOf.map((alternative) => alternative.enum);
}

/**
 * Pinterest's description, read as Pinterest reads it in one place: `metric_types` items are
 * `oneOf` two enums (standard and video metrics) that share most of their names (IMPRESSION,
 * SAVE, PIN_CLICK …), so by the letter of JSON Schema a shared name matches both and fails
 * `oneOf`; by the description's own prose (both lists name the metrics a pin reports) it is
 * valid. Such a violation is dropped for a name in both lists; a name in neither still fails.
 */
export function pinterestChecker(): RequestChecker {
  const described = DescribedApi.fixture('pinterest-openapi.json');
  const lists = metricTypeLists();
  return {
    name: described.name,
    check(request, grantedScopes) {
      const { operation, violations } = described.check(request, grantedScopes);
      const asked = (request.query.get('metric_types') ?? '').split(',');
      const inBoth = (field: string) => {
        const index = /^query\.metric_types\[(\d+)\]$/.exec(field)?.[1];
        const name = index === undefined ? undefined : asked[Number(index)];
        return name !== undefined && lists.every((list) => list.includes(name));
      };
      return { operation, violations: violations.filter((v) => !(/oneOf/.test(v.rule) && inBoth(v.field))) };
    },
    checkAnswer: (operation, status, body, contentType) => described.checkAnswer(operation, status, body, contentType),
  };
}
