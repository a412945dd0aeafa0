import { type ApiKey } from '../../../../domain/credential/ApiKey';
import { type Connection } from '../../../../domain/connection/Connection';
import { type CurrentUser } from '../../../../application/me/GetCurrentUser';
import { type MyWorkspace } from '../../../../application/me/ListMyWorkspaces';

/** Response shapes: the public face of domain objects, with RFC 3339 UTC timestamps. */
export const timestamp = (date: Date): string => date.toISOString();

export function presentCurrentUser({ user, credential, grantedScopes }: CurrentUser) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    createdAt: timestamp(user.createdAt),
    credential: {
      type: credential.kind,
      id: credential.id,
      workspaceId: credential.kind === 'session' ? null : credential.workspaceId,
      scopes: [...grantedScopes],
    },
  };
}

export const presentMyWorkspace = (w: MyWorkspace) => ({
  id: w.id,
  name: w.name,
  role: w.role,
  joinedAt: timestamp(w.joinedAt),
});

export const presentConnection = (c: Connection) => ({
  id: c.id,
  workspaceId: c.workspaceId,
  platform: c.platform,
  handle: c.handle,
  displayName: c.displayName,
  status: c.status,
  statusReason: c.statusReason,
  lastError: c.lastError === null ? null : { message: c.lastError.message, at: timestamp(c.lastError.at) },
  sandbox: c.isSandbox,
  accountId: c.accountId,
  publishAs: c.publishAs,
  createdAt: timestamp(c.createdAt),
});

export const presentApiKey = (k: ApiKey) => ({
  id: k.id,
  workspaceId: k.workspaceId,
  userId: k.userId,
  name: k.name,
  role: k.role,
  scopes: [...k.scopes],
  prefix: k.lookupPrefix,
  createdAt: timestamp(k.createdAt),
  revokedAt: k.revokedAt === null ? null : timestamp(k.revokedAt),
});
