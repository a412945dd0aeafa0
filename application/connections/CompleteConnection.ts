import { type Connection } from '../../domain/connection/Connection';
import { keepAccountConnection } from './keepAccountConnection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { descriptorOf, isPlatform, type Platform } from '../../domain/platform/Platform';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type ConnectionCredentials } from '../ports/platforms/ConnectionCredentials';
import { type ConnectState, type ConnectStates } from '../ports/platforms/ConnectStates';
import { type PublishAs } from '../ports/platforms/PlatformConnector';
import { type SecretHasher } from '../ports/SecretHasher';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { callbackUrlOf, type ConnectSettings } from './ConnectSettings';
import { type PlatformConnectors } from './PlatformConnectors';

/** What the platform sent back to the callback. */
export interface CallbackQuery {
  readonly state?: string;
  readonly code?: string;
  readonly error?: string;
  readonly errorDescription?: string;
}

export type CallbackResult =
  | { readonly kind: 'connected'; readonly connection: Connection; readonly publishAs: readonly PublishAs[]; readonly returnTo: string | null }
  | { readonly kind: 'refused'; readonly message: string; readonly returnTo: string | null };

/**
 * The platform's redirect back: the state checked (known, unused, unexpired, this platform's),
 * the code exchanged (with the PKCE verifier), the account identified, and the connection made
 * or made active again with the fresh grant. Every refusal is a plain sentence for the person
 * in the browser (docs/decisions.md, "Connections").
 */
export class CompleteConnection {
  constructor(
    private readonly connectors: PlatformConnectors,
    private readonly states: ConnectStates,
    private readonly hasher: SecretHasher,
    private readonly connections: ConnectionRepository,
    private readonly credentials: ConnectionCredentials,
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly settings: ConnectSettings,
  ) {}

  async complete(platformName: string, query: CallbackQuery): Promise<CallbackResult> {
    const platform = platformName.toUpperCase();
    if (!isPlatform(platform)) return refused('This is not the address of a platform this service connects.');
    if (!query.state) return refused('The platform sent no state back, so this sign-in cannot be matched to a request. Start again from the app.');
    const state = await this.states.take(this.hasher.hashToken(query.state));
    if (state === null) return refused('This sign-in link was already used or is unknown. Start again from the app.');
    const returnTo = state.returnTo;
    if (state.expiresAt <= this.clock.now()) return refused('This sign-in link has expired. Start again from the app.', returnTo);
    if (state.platform !== platform) return refused(`This sign-in was started for ${state.platform}, not ${platform}.`, returnTo);
    const name = descriptorOf(platform).displayName;
    if (query.error) return refused(`${name} did not grant access (${query.error}${query.errorDescription ? `: ${query.errorDescription}` : ''}).`, returnTo);
    if (!query.code) return refused(`${name} sent no authorization code back. Start again from the app.`, returnTo);
    return this.exchange(platform, state, query.code);
  }

  private async exchange(platform: Platform, state: ConnectState, code: string): Promise<CallbackResult> {
    const authorization = this.connectors.get(platform)?.authorization ?? null;
    if (authorization === null) return refused(`${platform} is no longer configured on this service.`, state.returnTo);
    const name = descriptorOf(platform).displayName;
    const granted = await authorization.exchangeCode({ code, codeVerifier: state.codeVerifier, redirectUri: callbackUrlOf(this.settings, platform) });
    if (!granted.ok) return refused(`${name} refused the sign-in: ${granted.failure.reason}`, state.returnTo);
    let identified: Awaited<ReturnType<typeof authorization.identify>>;
    try {
      identified = await authorization.identify(granted.grant);
    } catch (error) {
      return refused(
        `${name} granted access, but the account could not be read (${error instanceof Error ? error.message : String(error)}). Try again.`,
        state.returnTo,
      );
    }
    const { identity, publishAs } = identified;
    const now = this.clock.now();
    const connection = await this.unitOfWork.run(async () => {
      const { connections, credentials, ids } = this;
      return keepAccountConnection({ connections, credentials, ids }, { workspaceId: state.workspaceId, platform, identity, grant: granted.grant, now });
    });
    return { kind: 'connected', connection, publishAs: publishAs ?? [], returnTo: state.returnTo };
  }
}

const refused = (message: string, returnTo: string | null = null): CallbackResult => ({ kind: 'refused', message, returnTo });
