import { type Connection } from '../../domain/connection/Connection';
import { keepAccountConnection } from './keepAccountConnection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { DomainError, validationError } from '../../domain/shared/DomainError';
import { type AddressPolicy } from '../ports/AddressPolicy';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type AppPasswordLogin } from '../ports/platforms/AppPasswordLogin';
import { type ConnectionCredentials } from '../ports/platforms/ConnectionCredentials';
import { type UnitOfWork } from '../ports/UnitOfWork';

export const DEFAULT_BLUESKY_SERVICE = 'https://bsky.social';

/**
 * Connects a Bluesky account with an app password: one login, its session kept and
 * refreshed from then on (never a login per post). The same account connected again is the
 * same connection with a fresh grant, active again (docs/decisions.md, "Connections").
 */
export class ConnectWithAppPassword {
  constructor(
    private readonly login: AppPasswordLogin,
    private readonly addresses: AddressPolicy,
    private readonly connections: ConnectionRepository,
    private readonly credentials: ConnectionCredentials,
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: { workspaceId: string; handle: string; appPassword: string; service?: string }): Promise<Connection> {
    const service = serviceUrl(input.service ?? DEFAULT_BLUESKY_SERVICE);
    const refused = await this.addresses.refusal(service);
    if (refused !== null) throw validationError('invalid_service', [{ path: 'service', message: refused }]);
    const result = await this.login.login({ service, handle: input.handle.trim().replace(/^@/, ''), appPassword: input.appPassword });
    if (!result.ok) {
      if (result.failure.kind === 'retryLater')
        throw new DomainError('unavailable', 'platform_unavailable', `Bluesky could not be reached: ${result.failure.reason}`);
      throw validationError('platform_refused', [{ path: 'appPassword', message: `Bluesky refused the login: ${result.failure.reason}` }]);
    }
    const { grant, identity } = result;
    const now = this.clock.now();
    return this.unitOfWork.run(async () => {
      const { connections, credentials, ids } = this;
      return keepAccountConnection({ connections, credentials, ids }, { workspaceId: input.workspaceId, platform: 'BLUESKY', identity, grant, now });
    });
  }
}

function serviceUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError('invalid_service', [{ path: 'service', message: 'must be an absolute https URL (your PDS, e.g. https://bsky.social)' }]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw validationError('invalid_service', [{ path: 'service', message: 'must be an http or https URL' }]);
  }
  return url.origin;
}
