import { type Platform, platformNamed } from '../../../../domain/platform/Platform';
import { type CsvRow } from './readCsvTable';
import { IMPORTED_GROUP_ID, LIST_SEPARATOR, MEDIA_SEGMENT_SEPARATOR, type PostCsvColumn, QUEUE } from './postsCsvFormat';
import { splitSegments } from './segmentText';

/** A problem of one row: the column it is in, where in the create body (or the cell) it is, and what. */
export interface RowProblem {
  readonly column: PostCsvColumn | null;
  readonly path: string;
  readonly message: string;
}

/** The workspace's connections as a row's `targets` may name them. */
export interface ConnectionDirectory {
  /** The platform of a connection of the workspace, undefined for any other id. */
  platformOf(connectionId: string): Platform | undefined;
  /** The workspace's active connections of a platform. */
  activeOn(platform: Platform): readonly string[];
}

type Json = Record<string, unknown>;

/**
 * A row as the posts.create body it stands for (docs/posts-import-export.md, "CSV columns"),
 * or the problems of its cells that stop it from being one. What the body then says is judged
 * by create itself: this only reads the cells.
 */
export function postRowBody(row: CsvRow, connections: ConnectionDirectory): { body: Json } | { problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const problem = (column: PostCsvColumn, message: string, path: string = column) => problems.push({ column, path, message });
  const { cells } = row;

  const texts = splitSegments(cells.text);
  const mediaLists = cells.media.trim() === '' ? [] : cells.media.split(MEDIA_SEGMENT_SEPARATOR).map(listOf);
  if (mediaLists.length > texts.length) problem('media', `lists media for ${mediaLists.length} segments, but the text has ${texts.length}`);
  const segments = texts.map((text, i) => ({ text, media: (mediaLists[i] ?? []).map((id) => ({ id })) }));

  const targets: { connectionId: string; platform: Platform }[] = [];
  const named = listOf(cells.targets);
  if (named.length === 0) problem('targets', 'names no account: give connection ids or platform names, separated by ;');
  for (const name of named) {
    const resolved = resolveTarget(name, connections);
    if (typeof resolved === 'string') problem('targets', resolved);
    else targets.push(resolved);
  }

  const times = timesOf(cells.scheduledAt, targets.length);
  if (typeof times === 'string') problem('scheduledAt', times);
  const settings = settingsOf(cells.settings, targets);
  if (typeof settings === 'string') problem('settings', settings);
  else
    for (const unused of settings.unused)
      problem('settings', `names ${unused}, which is neither the platform nor the connection of a target of this row`, `settings.${unused}`);
  if (problems.length > 0 || typeof times === 'string' || typeof settings === 'string') return { problems };

  const intent = cells.intent.trim();
  return {
    body: {
      groups: [{ id: IMPORTED_GROUP_ID, isDefault: true, segments }],
      targets: targets.map(({ connectionId, platform }, i) => ({
        connectionId,
        groupId: IMPORTED_GROUP_ID,
        settings: { platform, values: settings.valuesFor(connectionId, platform) },
        ...times[i]!,
      })),
      ...(intent === '' ? {} : { intent }),
    },
  };
}

/** `a; b;` → [a, b]: items trimmed, empty ones dropped. */
const listOf = (cell: string): string[] =>
  cell
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** A connection id of the workspace, or a platform name standing for its one active connection there. */
function resolveTarget(name: string, connections: ConnectionDirectory): { connectionId: string; platform: Platform } | string {
  const platform = connections.platformOf(name);
  if (platform !== undefined) return { connectionId: name, platform };
  const asPlatform = platformNamed(name);
  if (asPlatform === null) return `${name} is neither a connection of this workspace nor a platform name`;
  const active = connections.activeOn(asPlatform);
  if (active.length === 1) return { connectionId: active[0]!, platform: asPlatform };
  return active.length === 0
    ? `${name}: the workspace has no active ${asPlatform} connection`
    : `${name}: the workspace has ${active.length} active ${asPlatform} connections; name one by its id (${active.join(', ')})`;
}

type Timing = { scheduledAt: string | null; queue?: true };

/** One time for every target, or one per target (`;`-separated, in the order of `targets`): an instant, `queue`, or nothing. */
function timesOf(cell: string, targetCount: number): Timing[] | string {
  const trimmed = cell.trim();
  const timing = (item: string): Timing =>
    item === '' ? { scheduledAt: null } : item.toLowerCase() === QUEUE ? { scheduledAt: null, queue: true } : { scheduledAt: item };
  if (!trimmed.includes(LIST_SEPARATOR)) return Array.from({ length: targetCount }, () => timing(trimmed));
  const items = trimmed.split(LIST_SEPARATOR).map((item) => item.trim());
  if (items.length !== targetCount)
    return `lists ${items.length} times for ${targetCount} targets: give one for all, or one per target in the order of targets`;
  return items.map(timing);
}

/** The `settings` cell: a JSON object of settings values, by platform name or connection id. */
function settingsOf(
  cell: string,
  targets: readonly { connectionId: string; platform: Platform }[],
): { valuesFor(connectionId: string, platform: Platform): unknown; unused: string[] } | string {
  if (cell.trim() === '') return { valuesFor: () => ({}), unused: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(cell);
  } catch (error) {
    return `is not JSON (${(error as Error).message}): give an object such as {"TWITTER": {"replyRestriction": "everyone"}}`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return 'must be a JSON object of settings values, by platform name or connection id';
  // Platform names are read as targets reads them, whatever their case, aliases included.
  const byKey = new Map(Object.entries(parsed).map(([key, values]) => [platformNamed(key) ?? key, values]));
  const used = new Set(targets.flatMap((t) => [t.connectionId, t.platform]));
  return {
    // A connection's own entry wins over its platform's: two accounts on one platform may differ.
    valuesFor: (connectionId, platform) => (byKey.has(connectionId) ? byKey.get(connectionId) : byKey.has(platform) ? byKey.get(platform) : {}),
    unused: [...byKey.keys()].filter((key) => !used.has(key)),
  };
}

/** The column a create-body path (a problem create names) belongs to. */
export function columnOfPath(path: string): PostCsvColumn | null {
  if (/^groups\[\d+\]\.segments\[\d+\]\.media/.test(path)) return 'media';
  if (path.startsWith('groups')) return 'text';
  if (/^targets\[\d+\]\.settings/.test(path)) return 'settings';
  if (/^targets\[\d+\]\.(scheduledAt|queue)/.test(path)) return 'scheduledAt';
  if (path.startsWith('targets')) return 'targets';
  if (path.startsWith('intent')) return 'intent';
  return null;
}
