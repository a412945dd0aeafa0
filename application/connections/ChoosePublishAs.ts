import { Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { notFound, validationError } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type ConnectionCredentials } from '../ports/platforms/ConnectionCredentials';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type PlatformConnectors } from './PlatformConnectors';

/**
 * `POST …/connections/{id}/target`: a connection of the same account that publishes as one
 * of the pages, organizations, channels or boards the platform lists for it (asked again
 * now): one connection per page, each with its own copy of the grant (docs/decisions.md, "Connections").
 */
export class ChoosePublishAs {
  constructor(
    private readonly connectors: PlatformConnectors,
    private readonly connections: ConnectionRepository,
    private readonly credentials: ConnectionCredentials,
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(workspaceId: string, connectionId: string, publishAsId: string): Promise<Connection> {
    const account = await this.connections.findById(connectionId);
    if (account === null || account.workspaceId !== workspaceId) throw notFound('Connection');
    const authorization = this.connectors.get(account.platform)?.authorization ?? null;
    const grant = await this.credentials.find(account.id);
    if (authorization === null || grant === null || account.accountId === null) {
      throw validationError('no_choices', [{ path: 'publishAsId', message: `this ${account.platform} connection has nothing else to publish as` }]);
    }
    const { publishAs } = await authorization.identify(grant);
    const chosen = (publishAs ?? []).find((option) => option.id === publishAsId);
    if (chosen === undefined) {
      const known = (publishAs ?? []).map((option) => `${option.id} (${option.name})`).join(', ') || 'none';
      throw validationError('unknown_publish_as', [{ path: 'publishAsId', message: `is not one the account may publish as; it may publish as: ${known}` }]);
    }
    const now = this.clock.now();
    return this.unitOfWork.run(async () => {
      const found = await this.connections.findByAccount(workspaceId, account.platform, account.accountId!, chosen.id);
      const connection =
        found ??
        Connection.create({
          id: this.ids.next(),
          workspaceId,
          platform: account.platform,
          handle: account.handle,
          displayName: chosen.name,
          accountId: account.accountId,
          publishAs: chosen,
          now,
        });
      connection.reconnected();
      await this.connections.save(connection);
      await this.credentials.save(connection.id, grant, now);
      return connection;
    });
  }
}
