import { requestedScopes } from '../../domain/oauth/chooseScopes';
import { displayUserCode } from '../../domain/oauth/userCode';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type DeviceAuthorizations } from '../ports/oauth/DeviceAuthorizations';
import { type RandomSource } from '../ports/RandomSource';
import { type SecretHasher } from '../ports/SecretHasher';
import { type AuthenticateClient, type ClientCredentials } from './AuthenticateClient';
import { checkResource } from './checkResource';
import { type OAuthSettings, secondsFrom } from './OAuthSettings';
import { randomUserCode } from './randomUserCode';

/** RFC 8628 §3.2. */
export interface DeviceAuthorizationAnswer {
  readonly device_code: string;
  readonly user_code: string;
  readonly verification_uri: string;
  readonly verification_uri_complete: string;
  readonly expires_in: number;
  readonly interval: number;
}

/** POST /oauth/device/authorize: a device code for the client to poll with, a user code for the person to approve. */
export class StartDeviceAuthorization {
  constructor(
    private readonly authenticate: AuthenticateClient,
    private readonly devices: DeviceAuthorizations,
    private readonly random: RandomSource,
    private readonly hasher: SecretHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly settings: OAuthSettings,
  ) {}

  async execute(input: { client: ClientCredentials; scope?: string; resource?: string; workspaceId?: string }): Promise<DeviceAuthorizationAnswer> {
    const client = await this.authenticate.execute(input.client);
    client.assertGrant('device_code');
    const scopes = requestedScopes(input.scope, client.scopes);
    const resource = checkResource(input.resource, this.settings);
    const deviceCode = this.random.token(32);
    const userCode = randomUserCode(this.random);
    const now = this.clock.now();
    await this.devices.save({
      id: this.ids.next(),
      deviceCodeHash: this.hasher.hashToken(deviceCode),
      userCodeHash: this.hasher.hashToken(userCode),
      clientId: client.clientId,
      requestedScopes: scopes,
      resource,
      workspaceHint: input.workspaceId?.trim() || null,
      createdAt: now,
      expiresAt: secondsFrom(now, this.settings.deviceTtlSeconds),
      intervalSeconds: this.settings.deviceIntervalSeconds,
      lastPolledAt: null,
      status: 'pending',
      decision: null,
    });
    const shown = displayUserCode(userCode);
    const verificationUri = `${this.settings.issuer}/device`;
    return {
      device_code: deviceCode,
      user_code: shown,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${shown}`,
      expires_in: this.settings.deviceTtlSeconds,
      interval: this.settings.deviceIntervalSeconds,
    };
  }
}
