import { oauthError } from '../../domain/oauth/oauthError';
import { type AuthenticateClient, type ClientCredentials } from './AuthenticateClient';
import { type CodeExchange, type RedeemAuthorizationCode } from './RedeemAuthorizationCode';
import { type RedeemDeviceCode } from './RedeemDeviceCode';
import { type RefreshAccessToken } from './RefreshAccessToken';
import { type TokenAnswer } from './TokenIssuer';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export interface TokenRequest extends CodeExchange {
  readonly client: ClientCredentials;
  readonly grantType?: string;
  readonly deviceCode?: string;
  readonly refreshToken?: string;
  readonly scope?: string;
}

/** POST /oauth/token: the client authenticated, then the grant it names. No implicit or password grant, ever. */
export class ExchangeToken {
  constructor(
    private readonly authenticate: AuthenticateClient,
    private readonly codes: RedeemAuthorizationCode,
    private readonly devices: RedeemDeviceCode,
    private readonly refreshes: RefreshAccessToken,
  ) {}

  async execute(request: TokenRequest): Promise<TokenAnswer> {
    if (!request.grantType) throw oauthError('invalid_request', 'grant_type is required');
    const client = await this.authenticate.execute(request.client);
    switch (request.grantType) {
      case 'authorization_code':
        return this.codes.execute(client, request);
      case DEVICE_CODE_GRANT:
        return this.devices.execute(client, request.deviceCode, request.resource);
      case 'refresh_token':
        return this.refreshes.execute(client, request);
      default:
        throw oauthError('unsupported_grant_type', `the ${request.grantType} grant is not supported`);
    }
  }
}
