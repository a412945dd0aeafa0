import { OWNER_EMAIL } from '../../support/data/people';
import { FormEndpoints } from '../../support/oauthKit/formEndpoints';
import { authorizationPath, OAuthService } from '../../support/oauthKit/service';

export const WEB_CLIENT = 'web-app';
export const DEVICE_CLIENT = 'cli-agent';
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';
/** A valid authorization request of the web app (the challenge is any 43 characters: nothing redeems it here). */
export const AUTHORIZE_PATH = authorizationPath({
  client_id: WEB_CLIENT,
  redirect_uri: REDIRECT_URI,
  scope: 'posts:read',
  state: 'st-1',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGUMHhMZ8Y',
});

/** The service (SQLite) with the person's workspace, a device client and a web app registered for the code flow. */
export async function startPages(ctx: Mocha.Context, env: Record<string, string> = {}): Promise<OAuthService> {
  const kit = await OAuthService.start(ctx, { env });
  await kit.t.given.user(OWNER_EMAIL);
  await kit.t.given.workspace(OWNER_EMAIL, 'Home');
  await kit.registerClient(DEVICE_CLIENT, { name: 'CLI Agent', grants: ['device_code'], scopes: ['posts:read'] });
  await kit.registerClient(WEB_CLIENT, { name: 'Web App', grants: ['authorization_code'], scopes: ['posts:read'], redirectUris: [REDIRECT_URI] });
  return kit;
}

/** A device's request for a code, as the device sends it: its user code. */
export const startDevice = async (kit: OAuthService) => (await new FormEndpoints(kit, DEVICE_CLIENT).startDevice('posts:read')).user_code;
/** Rows of a table, for "stores nothing". */
export const rowsOf = (kit: OAuthService, table: string): Promise<unknown[]> => kit.t.dataSource.query(`SELECT * FROM ${table}`);
