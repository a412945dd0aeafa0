import { pollVerdict } from '../../domain/oauth/DeviceAuthorization';
import { type OAuthClient } from '../../domain/oauth/OAuthClient';
import { oauthError } from '../../domain/oauth/oauthError';
import { type Clock } from '../ports/Clock';
import { type DeviceAuthorizations } from '../ports/oauth/DeviceAuthorizations';
import { type TokenGrants } from '../ports/oauth/TokenGrants';
import { type SecretHasher } from '../ports/SecretHasher';
import { checkResource, checkSameResource } from './checkResource';
import { type LiveScopes } from './LiveScopes';
import { type OAuthSettings, secondsFrom } from './OAuthSettings';
import { type TokenAnswer, type TokenIssuer } from './TokenIssuer';

const PENDING = {
  authorization_pending: 'the person has not approved the request yet',
  slow_down: 'polled sooner than the interval: wait longer between polls',
  access_denied: 'the person denied the request',
  expired_token: 'the device code has expired: start again',
  invalid_grant: 'the device code is not valid',
} as const;

/** grant_type=urn:ietf:params:oauth:grant-type:device_code (RFC 8628 §3.4–3.5). */
export class RedeemDeviceCode {
  constructor(
    private readonly devices: DeviceAuthorizations,
    private readonly grants: TokenGrants,
    private readonly issuer: TokenIssuer,
    private readonly liveScopes: LiveScopes,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly settings: OAuthSettings,
  ) {}

  async execute(client: OAuthClient, deviceCode: string | undefined, resource?: string): Promise<TokenAnswer> {
    client.assertGrant('device_code');
    if (!deviceCode) throw oauthError('invalid_request', 'device_code is required');
    if (resource) checkResource(resource, this.settings);
    const device = await this.devices.findByDeviceCode(this.hasher.hashToken(deviceCode));
    // Another client's code is as unknown as a made-up one.
    if (device === null || device.clientId !== client.clientId) throw oauthError('invalid_grant', PENDING.invalid_grant);
    checkSameResource(resource, device.resource, this.settings);
    const now = this.clock.now();
    const verdict = pollVerdict(device, now);
    if (verdict === 'authorization_pending' || verdict === 'slow_down') await this.devices.recordPoll(device.id, now);
    if (verdict !== 'approved') throw oauthError(verdict, PENDING[verdict]);
    const decision = device.decision!;
    if (!(await this.devices.redeem(device.id))) throw oauthError('invalid_grant', PENDING.invalid_grant);
    const grant = {
      id: decision.grantId,
      clientId: client.clientId,
      userId: decision.userId,
      workspaceId: decision.workspaceId,
      scopes: decision.scopes,
      resource: device.resource,
      createdAt: now,
      expiresAt: secondsFrom(now, this.settings.grantLifetimeSeconds),
      revokedAt: null,
    };
    await this.grants.createGrant(grant);
    return this.issuer.issue(grant, client, await this.liveScopes.of(grant));
  }
}
