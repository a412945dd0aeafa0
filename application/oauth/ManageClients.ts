import { type Scope } from '../../domain/credential/Scope';
import { type ClientGrant, OAuthClient } from '../../domain/oauth/OAuthClient';
import { conflict, notFound } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type OAuthClientRepository } from '../ports/oauth/OAuthClientRepository';
import { type RandomSource } from '../ports/RandomSource';
import { type SecretHasher } from '../ports/SecretHasher';

export interface RegisterClientInput {
  readonly clientId: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly grants: readonly ClientGrant[];
  readonly scopes: readonly Scope[];
  readonly confidential: boolean;
}

/** Client secrets: 256 random bits, shown once, stored as a hash. */
const SECRET_PREFIX = 'dcs_';

/** The operator's `client register | list | remove` (docs/cli.md; docs/oauth.md). */
export class ManageClients {
  constructor(
    private readonly clients: OAuthClientRepository,
    private readonly hasher: SecretHasher,
    private readonly random: RandomSource,
    private readonly clock: Clock,
  ) {}

  async register(input: RegisterClientInput): Promise<{ client: OAuthClient; secret: string | null }> {
    const secret = input.confidential ? `${SECRET_PREFIX}${this.random.token(32)}` : null;
    const client = OAuthClient.register({
      clientId: input.clientId,
      name: input.name,
      redirectUris: input.redirectUris,
      grants: [...new Set(input.grants)],
      scopes: [...new Set(input.scopes)].sort(),
      secretHash: secret === null ? null : this.hasher.hashToken(secret),
      now: this.clock.now(),
    });
    if ((await this.clients.findById(client.clientId)) !== null) throw conflict('client_exists', `a client ${client.clientId} is already registered`);
    await this.clients.add(client);
    return { client, secret };
  }

  list(): Promise<OAuthClient[]> {
    return this.clients.list();
  }

  async remove(clientId: string): Promise<void> {
    if (!(await this.clients.remove(clientId))) throw notFound('Client');
  }
}
