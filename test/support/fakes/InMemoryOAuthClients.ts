import { type OAuthClientRepository } from '../../../application/ports/oauth/OAuthClientRepository';
import { OAuthClient } from '../../../domain/oauth/OAuthClient';
import { conflict } from '../../../domain/shared/DomainError';

/** A test's OAuth client store: registration order, copies in and out. */
export class InMemoryOAuthClients implements OAuthClientRepository {
  private readonly byId = new Map<string, OAuthClient>();

  async add(client: OAuthClient): Promise<void> {
    if (this.byId.has(client.clientId)) throw conflict('client_exists', `a client ${client.clientId} is already registered`);
    this.byId.set(client.clientId, OAuthClient.rehydrate(client.toSnapshot()));
  }

  async findById(clientId: string): Promise<OAuthClient | null> {
    const client = this.byId.get(clientId);
    return client === undefined ? null : OAuthClient.rehydrate(client.toSnapshot());
  }

  async list(): Promise<OAuthClient[]> {
    return [...this.byId.values()].map((c) => OAuthClient.rehydrate(c.toSnapshot()));
  }

  async remove(clientId: string): Promise<boolean> {
    return this.byId.delete(clientId);
  }
}
