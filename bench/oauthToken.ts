import { DEVICE_CODE_GRANT } from '../application/oauth/ExchangeToken';
import { type Composition } from '../config/container';
import { TOKENS } from '../config/tokens';
import { type Scope } from '../domain/credential/Scope';

/** The scopes the bench's token is granted: what posts.get, posts.list and /v1/me need. */
const SCOPES: Scope[] = ['posts:read', 'posts:write'];

export interface IssuedOAuthToken {
  readonly clientId: string;
  readonly accessToken: string;
  /** Revokes the token's family, as POST /oauth/revoke does for its client. */
  revoke(): Promise<void>;
}

/**
 * An OAuth access token for `userId` in `workspaceId`, obtained through the use cases as the
 * device flow would (docs/decisions.md, "OAuth server"): a public client is registered, a
 * device authorization started, approved for the workspace, then redeemed. The API checks the
 * token's family on every request.
 */
export async function oauthAccessToken(composition: Composition, userId: string, workspaceId: string, clientId = 'benchclient'): Promise<IssuedOAuthToken> {
  await composition.get(TOKENS.ManageClients).register({
    clientId,
    name: 'Bench client',
    redirectUris: [],
    grants: ['device_code'],
    scopes: SCOPES,
    confidential: false,
  });
  const client = { clientId, secret: null };
  const started = await composition.get(TOKENS.StartDeviceAuthorization).execute({ client });
  const approval = composition.get(TOKENS.DeviceApproval);
  await approval.review(userId, started.user_code);
  await approval.decide(userId, started.user_code, { approve: true, workspaceId, scopes: SCOPES });
  const answer = await composition.get(TOKENS.ExchangeToken).execute({ client, grantType: DEVICE_CODE_GRANT, deviceCode: started.device_code });
  return {
    clientId,
    accessToken: answer.access_token,
    revoke: () => composition.get(TOKENS.RevokeToken).execute({ client, token: answer.access_token }),
  };
}
