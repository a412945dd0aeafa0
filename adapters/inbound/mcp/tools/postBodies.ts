import { type ListConnections } from '../../../../application/connections/ListConnections';
import { PAGE_LIMIT_MAX } from '../../http/contract/requestLimits';
import { withSettingsDefaults } from '../schemas/settingsDefaults';

type Json = Record<string, unknown>;

/**
 * A create or update body with each target's settings defaulted (schemas/settingsDefaults.ts):
 * a target without settings gets its connection's platform. Only the defaults are added; the
 * body is then the API's to validate, as sent.
 */
export async function withTargetDefaults(body: Json, workspaceId: string, connections: ListConnections): Promise<Json> {
  if (!Array.isArray(body.targets)) return body;
  const platformOf = lazyPlatforms(workspaceId, connections);
  const targets = await Promise.all(
    (body.targets as unknown[]).map(async (target) => {
      if (typeof target !== 'object' || target === null || Array.isArray(target)) return target;
      const t = target as Json;
      if (t.settings !== undefined) return { ...t, settings: withSettingsDefaults(t.settings) };
      const platform = typeof t.connectionId === 'string' ? await platformOf(t.connectionId) : undefined;
      return platform === undefined ? t : { ...t, settings: withSettingsDefaults({ platform }) };
    }),
  );
  return { ...body, targets };
}

/** The workspace's connections' platforms, read once and only if a target needs them. */
function lazyPlatforms(workspaceId: string, connections: ListConnections): (connectionId: string) => Promise<string | undefined> {
  let read: Promise<Map<string, string>> | null = null;
  const readAll = async (): Promise<Map<string, string>> => {
    const platforms = new Map<string, string>();
    for (let offset = 0; ; offset += PAGE_LIMIT_MAX) {
      const { items, total } = await connections.execute(workspaceId, { limit: PAGE_LIMIT_MAX, offset });
      for (const c of items) platforms.set(c.id, c.platform);
      if (items.length === 0 || offset + items.length >= total) return platforms;
    }
  };
  return async (connectionId) => {
    read ??= readAll();
    return (await read).get(connectionId);
  };
}
