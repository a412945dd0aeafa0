import { type OAuthClientRepository } from '../../../../application/ports/oauth/OAuthClientRepository';
import { OAuthClient } from '../../../../domain/oauth/OAuthClient';
import { conflict } from '../../../../domain/shared/DomainError';
import { copyOf, oldestFirst } from './ordering';

/** A memory store holding something of a client's, dropped with the client (the database's ON DELETE CASCADE). */
export interface ClientHoldings {
  forgetClient(clientId: string): void;
}

/** Registered clients in this process's memory: for the unit tests. */
export class MemoryOAuthClients implements OAuthClientRepository {
  private readonly clients = new Map<string, OAuthClient>();
  private readonly holdings: readonly ClientHoldings[];

  constructor(...holdings: ClientHoldings[]) {
    this.holdings = holdings;
  }

  async add(client: OAuthClient): Promise<void> {
    if (this.clients.has(client.clientId)) throw conflict('client_exists', `a client ${client.clientId} is already registered`);
    this.clients.set(client.clientId, copy(client));
  }

  async findById(clientId: string): Promise<OAuthClient | null> {
    const client = this.clients.get(clientId);
    return client === undefined ? null : copy(client);
  }

  async list(): Promise<OAuthClient[]> {
    return [...this.clients.values()]
      .map((c) => c.toSnapshot())
      .sort(oldestFirst((c) => c.clientId))
      .map((s) => OAuthClient.rehydrate(copyOf(s)));
  }

  async remove(clientId: string): Promise<boolean> {
    if (!this.clients.delete(clientId)) return false;
    for (const holding of this.holdings) holding.forgetClient(clientId);
    return true;
  }
}

const copy = (client: OAuthClient): OAuthClient => OAuthClient.rehydrate(copyOf(client.toSnapshot()));
