import { PLATFORMS, type Platform } from '../../../domain/platform/Platform';
import { type ConnectionInfo, type ConnectionLookup } from '../../../domain/post/PostContent';

/** Connected accounts of the tests: their ids where a test chooses them, and their handles. */

/** The id of a workspace's connection to `platform` where the test picks ids: `conn_twitter`. */
export const connectionIdFor = (platform: Platform): string => `conn_${platform.toLowerCase()}`;

/** The handle a test world gives its connection to `platform`: `@twitter`. */
export const handleFor = (platform: Platform): string => `@${platform.toLowerCase()}`;

/** One connection per platform (`conn_twitter` …), all in `workspaceId`. */
export const connectionsIn =
  (workspaceId: string): ConnectionLookup =>
  (id) => {
    const platform = PLATFORMS.find((p) => connectionIdFor(p) === id);
    return platform === undefined ? undefined : { platform, workspaceId };
  };

/** `connectionsIn(workspaceId)` plus a second Twitter connection and one of another workspace. */
export function connectionsWithExtras(workspaceId: string, otherWorkspaceId: string): ConnectionLookup {
  const extras = new Map<string, ConnectionInfo>([
    ['conn_twitter_2', { platform: 'TWITTER', workspaceId }],
    ['conn_foreign', { platform: 'TWITTER', workspaceId: otherWorkspaceId }],
  ]);
  const own = connectionsIn(workspaceId);
  return (id) => own(id) ?? extras.get(id);
}

/** The ids above as a record, for body builders that take one connection per platform. */
export const CONNECTION_IDS: Readonly<Record<Platform, string>> = Object.fromEntries(
  PLATFORMS.map((platform) => [platform, connectionIdFor(platform)]),
) as Record<Platform, string>;
