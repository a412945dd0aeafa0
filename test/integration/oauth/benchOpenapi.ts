import { type IssuedOAuthToken, oauthAccessToken } from '../../../bench/oauthToken';
import { TOKENS as T } from '../../../config/tokens';
import { OWNER_EMAIL } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

export interface TokenOverApi {
  readonly t: TestApp;
  readonly clock: FixedClock;
  readonly workspaceId: string;
  readonly apiKey: string;
  /** Obtained as the benchmark obtains it (bench/oauthToken.ts: the device flow's use cases). */
  readonly token: IssuedOAuthToken;
}

/**
 * The service on a fresh `kind` database with an injected clock, an owner with a workspace,
 * an API key, and an OAuth access token for the same person and workspace.
 */
export async function tokenOverApi(kind: 'sqlite' | 'mysql', clientId = 'benchclient'): Promise<TokenOverApi> {
  const clock = new FixedClock();
  const t = await startTestApp(await freshDatabaseEnv(kind), {}, { replace: (w) => w.replace(T.Clock, clock) });
  const ownerId = await t.given.user(OWNER_EMAIL);
  const workspaceId = await t.given.workspace(OWNER_EMAIL);
  const apiKey = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
  const token = await oauthAccessToken(t.composition, ownerId, workspaceId, clientId);
  return { t, clock, workspaceId, apiKey, token };
}
