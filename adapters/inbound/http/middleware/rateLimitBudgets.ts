import { type Credential } from '../../../../domain/credential/Credential';

/** One counter a request is charged to, with the most it may reach in a window. */
export interface Budget {
  readonly key: string;
  readonly limit: number;
}

/** The workspace a path names, as the JSON API spells it (`/v1/workspaces/{ws}/…`), undecoded; null for any other path. */
const WORKSPACE_IN_PATH = /^\/v1\/workspaces\/([^/]+)/;

export function workspaceOfPath(path: string): string | null {
  const found = WORKSPACE_IN_PATH.exec(path);
  return found === null ? null : found[1]!;
}

/**
 * The counters a request is charged to (docs/decisions.md, "Rate limits"). Without a valid
 * credential: the client address. With one: the credential, and the person behind it in the
 * workspace it acts on (a workspace-bound credential's own; a session's, the path's when it
 * names one, else the person alone), so several keys of one member share one budget.
 */
export function budgetsOf(
  credential: Credential | undefined,
  clientAddress: string,
  path: string,
  limits: { readonly perCredential: number; readonly perUser: number | undefined },
): Budget[] {
  if (credential === undefined) return [{ key: `client:${clientAddress}`, limit: limits.perCredential }];
  const budgets: Budget[] = [{ key: `${credential.kind}:${credential.id}`, limit: limits.perCredential }];
  if (limits.perUser !== undefined) {
    const workspaceId = credential.kind === 'session' ? workspaceOfPath(path) : credential.workspaceId;
    const person = workspaceId === null ? `user:${credential.userId}` : `user:${credential.userId}:workspace:${workspaceId}`;
    budgets.push({ key: person, limit: limits.perUser });
  }
  return budgets;
}
