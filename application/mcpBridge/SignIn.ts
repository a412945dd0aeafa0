import { type Clock } from '../ports/Clock';
import { type AuthorizationServerClient, AuthorizationServerRefusal, type DeviceAuthorization } from '../ports/mcpBridge/AuthorizationServerClient';
import { type Pause } from '../ports/mcpBridge/Pause';
import { type StoredSignIn, type StoredSignIns } from '../ports/mcpBridge/StoredSignIns';
import { mcpServerOf } from './mcpServerOf';

export interface SignInRequest {
  readonly baseUrl: string;
  /** A client the operator registered with the device_code and refresh_token grants. */
  readonly clientId: string;
  /** The scopes asked for; none: all the client is registered for. */
  readonly scope: string | null;
}

/** RFC 8628 §3.5: `slow_down` adds five seconds to the interval for the rest of the polling. */
const SLOW_DOWN_SECONDS = 5;

/**
 * The device flow (RFC 8628) for the service's MCP server: asks for a user code, shows where to
 * approve it, polls at the interval the service gives, and stores the tokens, bound to
 * `{baseUrl}/mcp` (RFC 8707), in place of any earlier sign-in to that service. A denial or an
 * expired code is the AuthorizationServerRefusal the service answered.
 */
export class SignIn {
  constructor(
    private readonly signIns: StoredSignIns,
    private readonly server: AuthorizationServerClient,
    private readonly clock: Clock,
    private readonly pause: Pause,
  ) {}

  async execute(request: SignInRequest, show: (authorization: DeviceAuthorization) => void): Promise<StoredSignIn> {
    const client = { baseUrl: request.baseUrl, clientId: request.clientId, resource: mcpServerOf(request.baseUrl) };
    const started = await this.server.startDeviceAuthorization(client, request.scope);
    show(started);
    const deadline = this.clock.now().getTime() + started.expiresInSeconds * 1000;
    let interval = started.intervalSeconds;
    for (;;) {
      await this.pause(interval);
      if (this.clock.now().getTime() >= deadline) throw new AuthorizationServerRefusal('expired_token', 'the code was not approved in time');
      const poll = await this.server.pollDeviceCode(client, started.deviceCode);
      if (poll.kind === 'slow_down') interval += SLOW_DOWN_SECONDS;
      if (poll.kind !== 'tokens') continue;
      const now = this.clock.now();
      const signIn: StoredSignIn = {
        ...client,
        accessToken: poll.tokens.accessToken,
        accessTokenExpiresAt: new Date(now.getTime() + poll.tokens.expiresInSeconds * 1000),
        refreshToken: poll.tokens.refreshToken,
        scope: poll.tokens.scope ?? request.scope ?? '',
        signedInAt: now,
      };
      await this.signIns.exclusive(() => this.signIns.save(signIn));
      return signIn;
    }
  }
}
