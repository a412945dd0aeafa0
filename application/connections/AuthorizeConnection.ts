import { ACCEPTED_PLATFORM_NAMES, type Platform, platformNamed } from '../../domain/platform/Platform';
import { validationError } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type PkceChallenges } from '../ports/PkceChallenges';
import { type ConnectStates } from '../ports/platforms/ConnectStates';
import { type RandomSource } from '../ports/RandomSource';
import { type SecretHasher } from '../ports/SecretHasher';
import { type AuthorizeSigner } from './AuthorizeSigner';
import { callbackUrlOf, type ConnectSettings } from './ConnectSettings';
import { type PlatformConnectors } from './PlatformConnectors';

/**
 * The start of an OAuth connect: a state bound to the person and the workspace (single use,
 * short-lived, only its hash kept), PKCE where the platform supports it, and the platform's
 * authorization URL to send the person to (docs/decisions.md, "Connections").
 */
export class AuthorizeConnection {
  constructor(
    private readonly connectors: PlatformConnectors,
    private readonly states: ConnectStates,
    private readonly random: RandomSource,
    private readonly hasher: SecretHasher,
    private readonly pkce: PkceChallenges,
    private readonly clock: Clock,
    private readonly settings: ConnectSettings,
    private readonly signers: AuthorizeSigner | null = null,
  ) {}

  async start(input: { workspaceId: string; userId: string; platform: string; returnTo?: string }): Promise<{ authorizationUrl: string }> {
    const platform = platformNamed(input.platform);
    if (platform === null) throw validationError('invalid_platform', [{ path: 'platform', message: `must be one of ${ACCEPTED_PLATFORM_NAMES}` }]);
    const signer = this.connectors.get(platform)?.signer;
    if (signer !== undefined && this.signers !== null) {
      const returnTo = input.returnTo === undefined ? null : this.checkedReturnTo(input.returnTo);
      return this.signers.start(signer, { workspaceId: input.workspaceId, userId: input.userId, platform, returnTo });
    }
    const authorization = this.authorizationOf(platform);
    const returnTo = input.returnTo === undefined ? null : this.checkedReturnTo(input.returnTo);
    const state = this.random.token(32);
    const pair = authorization.usesPkce ? this.pkce.pair() : null;
    await this.states.save({
      stateHash: this.hasher.hashToken(state),
      workspaceId: input.workspaceId,
      userId: input.userId,
      platform,
      codeVerifier: pair?.verifier ?? null,
      returnTo,
      expiresAt: new Date(this.clock.now().getTime() + this.settings.stateTtlSeconds * 1000),
    });
    const authorizationUrl = authorization.authorizationUrl({
      state,
      codeChallenge: pair?.challenge ?? null,
      redirectUri: callbackUrlOf(this.settings, platform),
    });
    return { authorizationUrl };
  }

  private authorizationOf(platform: Platform) {
    const connector = this.connectors.get(platform);
    if (connector === null) throw validationError('platform_not_configured', [{ path: 'platform', message: this.connectors.notConfigured(platform) }]);
    if (connector.authorization === null) {
      throw validationError('not_an_oauth_platform', [{ path: 'platform', message: `${platform} connects otherwise: POST …/connections` }]);
    }
    return connector.authorization;
  }

  /** Only the service's own origin and the operator's listed ones: never an open redirect. */
  private checkedReturnTo(raw: string): string {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw validationError('invalid_return_to', [{ path: 'returnTo', message: 'must be an absolute URL' }]);
    }
    const allowed = [new URL(this.settings.baseUrl).origin, ...this.settings.returnToOrigins];
    if (!allowed.includes(url.origin)) {
      throw validationError('invalid_return_to', [{ path: 'returnTo', message: `must be on ${allowed.join(' or ')} (CONNECT_RETURN_ORIGINS lists more)` }]);
    }
    return url.href;
  }
}
