import { Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type Platform } from '../../domain/platform/Platform';
import { type IdGenerator } from '../ports/IdGenerator';
import { type ConnectionCredentials } from '../ports/platforms/ConnectionCredentials';
import { type AccountIdentity } from '../ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../ports/platforms/PlatformGrant';

/**
 * The account's own connection in a workspace, made or reconnected, with its new grant stored:
 * connecting an account twice (a callback, an app password, an approved signer) keeps one
 * connection (docs/decisions.md, "Connections"). Run it inside the caller's unit of work.
 */
export async function keepAccountConnection(
  stores: { connections: ConnectionRepository; credentials: ConnectionCredentials; ids: IdGenerator },
  input: { workspaceId: string; platform: Platform; identity: AccountIdentity; grant: PlatformGrant; now: Date },
): Promise<Connection> {
  const { workspaceId, platform, identity, grant, now } = input;
  const connection =
    (await stores.connections.findByAccount(workspaceId, platform, identity.accountId, null)) ??
    Connection.create({
      id: stores.ids.next(),
      workspaceId,
      platform,
      handle: identity.handle,
      displayName: identity.displayName,
      accountId: identity.accountId,
      now,
    });
  connection.reconnected();
  await stores.connections.save(connection);
  await stores.credentials.save(connection.id, grant, now);
  return connection;
}
