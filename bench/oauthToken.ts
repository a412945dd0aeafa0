import { TOKENS } from '../config/tokens';
import { DEVICE_CODE_GRANT } from '../application/oauth/ExchangeToken';
import { type ServiceUnderTest } from './service';

/**
 * An OAuth access token for the bench's owner in the bench's workspace, obtained through the
 * use cases as the device flow would (docs/decisions.md, "OAuth server"): a public client is
 * registered, a device authorization started, approved for the workspace with every scope the
 * owner holds, then redeemed. The API checks the token's family on every request.
 */
export async function oauthAccessToken(service: ServiceUnderTest, userId: string): Promise<string> {
  const { composition } = service;
  const clientId = 'benchclient';
  await composition.get(TOKENS.ManageClients).register({
    clientId,
    name: 'Bench client',
    redirectUris: [],
    grants: ['device_code'],
    scopes: ['posts:read', 'posts:write'],
    confidential: false,
  });
  const client = { clientId, secret: null };
  const started = await composition.get(TOKENS.StartDeviceAuthorization).execute({ client });
  const approval = composition.get(TOKENS.DeviceApproval);
  await approval.review(userId, started.user_code);
  await approval.decide(userId, started.user_code, { approve: true, workspaceId: service.workspaceId, scopes: ['posts:read', 'posts:write'] });
  const answer = await composition.get(TOKENS.ExchangeToken).execute({ client, grantType: DEVICE_CODE_GRANT, deviceCode: started.device_code });
  return answer.access_token;
}
