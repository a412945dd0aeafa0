import { randomBytes } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { MemoryConsentTickets } from '../../../adapters/outbound/persistence/memory/MemoryConsentTickets';
import { MemoryDeviceAuthorizations } from '../../../adapters/outbound/persistence/memory/MemoryDeviceAuthorizations';
import { MemoryOAuthClients } from '../../../adapters/outbound/persistence/memory/MemoryOAuthClients';
import { MemoryTokenGrants } from '../../../adapters/outbound/persistence/memory/MemoryTokenGrants';
import { TypeOrmConsentTickets } from '../../../adapters/outbound/persistence/typeorm/oauth/TypeOrmConsentTickets';
import { TypeOrmDeviceAuthorizations } from '../../../adapters/outbound/persistence/typeorm/oauth/TypeOrmDeviceAuthorizations';
import { TypeOrmOAuthClients } from '../../../adapters/outbound/persistence/typeorm/oauth/TypeOrmOAuthClients';
import { TypeOrmTokenGrants } from '../../../adapters/outbound/persistence/typeorm/oauth/TypeOrmTokenGrants';
import { dialectOf } from '../../../adapters/outbound/persistence/typeorm/sql/Dialect';
import { type ConsentTicket, type ConsentTickets } from '../../../application/ports/oauth/ConsentTickets';
import { type DeviceAuthorizations } from '../../../application/ports/oauth/DeviceAuthorizations';
import { type OAuthClientRepository } from '../../../application/ports/oauth/OAuthClientRepository';
import { type TokenGrants } from '../../../application/ports/oauth/TokenGrants';
import { type DeviceAuthorization } from '../../../domain/oauth/DeviceAuthorization';
import { OAuthClient } from '../../../domain/oauth/OAuthClient';
import { type AuthorizationCodeRecord, type RefreshTokenRecord, type TokenGrant } from '../../../domain/oauth/TokenGrant';
import { DATABASE_KINDS, openTestDatabase } from '../../support/databases';
import { requireServer } from '../../support/services';

export interface OAuthStores {
  readonly clients: OAuthClientRepository;
  readonly grants: TokenGrants;
  readonly devices: DeviceAuthorizations;
  readonly tickets: ConsentTickets;
}

export interface OAuthBackend {
  readonly name: string;
  /** The stores on the backend's shared state: for a database, as another instance would hold them. */
  open(): OAuthStores;
  /** A person the rows may refer to (the database's foreign key to users). */
  user(id: string): Promise<void>;
  close(): Promise<void>;
}

/** Memory, then TypeORM on SQLite and on MySQL/MariaDB (skipped locally when it is down). */
export function oauthBackends(): Array<{ name: string; open: (ctx: Mocha.Context) => Promise<OAuthBackend> }> {
  const memory = {
    name: 'memory',
    open: async (): Promise<OAuthBackend> => {
      const grants = new MemoryTokenGrants();
      const devices = new MemoryDeviceAuthorizations();
      const tickets = new MemoryConsentTickets();
      const stores = { clients: new MemoryOAuthClients(grants, devices, tickets), grants, devices, tickets };
      return { name: 'memory', open: () => stores, user: async () => undefined, close: async () => undefined };
    },
  };
  const databases = DATABASE_KINDS.map((kind) => ({
    name: `TypeORM on ${kind === 'sqlite' ? 'SQLite' : 'MySQL'}`,
    open: async (ctx: Mocha.Context): Promise<OAuthBackend> => {
      if (kind === 'mysql') await requireServer(ctx, 'MySQL');
      const dataSource: DataSource = await openTestDatabase(kind);
      const d = dialectOf(dataSource);
      return {
        name: kind,
        open: () => ({
          clients: new TypeOrmOAuthClients(dataSource),
          grants: new TypeOrmTokenGrants(dataSource),
          devices: new TypeOrmDeviceAuthorizations(dataSource),
          tickets: new TypeOrmConsentTickets(dataSource),
        }),
        user: async (id) => {
          await dataSource.query('INSERT INTO users (id, email, name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)', [
            id,
            `${id.toLowerCase()}@example.com`,
            null,
            'x',
            d.date(T0),
          ]);
        },
        close: () => dataSource.destroy(),
      };
    },
  }));
  return [memory, ...databases];
}

export const T0 = new Date('2030-01-01T00:00:00.123Z');
export const at = (ms: number): Date => new Date(T0.getTime() + ms);

/** A fresh 26-character id (the width of the id columns), uppercase like a ULID. */
export const newId = (): string => randomBytes(13).toString('hex').toUpperCase();
/** A fresh 64-character hash, as SHA-256 hex. */
export const newHash = (): string => randomBytes(32).toString('hex');
export const newClientId = (): string => `app-${randomBytes(6).toString('hex')}`;

export const client = (clientId = newClientId(), createdAt = T0): OAuthClient =>
  OAuthClient.rehydrate({
    clientId,
    name: 'Agent CLI',
    redirectUris: ['https://app.example/cb', 'http://127.0.0.1:8123/cb?x=a b'],
    grants: ['authorization_code', 'device_code', 'refresh_token'],
    scopes: ['posts:read', 'posts:write'],
    secretHash: null,
    createdAt,
  });

export const grant = (clientId: string, userId: string, over: Partial<TokenGrant> = {}): TokenGrant => ({
  id: newId(),
  clientId,
  userId,
  workspaceId: newId(),
  scopes: ['posts:read', 'posts:write'],
  resource: 'https://dispatch.example/api',
  createdAt: T0,
  expiresAt: at(86_400_000),
  revokedAt: null,
  ...over,
});

export const code = (g: TokenGrant, over: Partial<AuthorizationCodeRecord> = {}): AuthorizationCodeRecord => ({
  codeHash: newHash(),
  grantId: g.id,
  clientId: g.clientId,
  redirectUri: 'https://app.example/cb',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  resource: g.resource,
  userId: g.userId,
  workspaceId: g.workspaceId,
  scopes: ['posts:read'],
  expiresAt: at(60_000),
  consumedAt: null,
  ...over,
});

export const refreshToken = (g: TokenGrant, over: Partial<RefreshTokenRecord> = {}): RefreshTokenRecord => ({
  tokenHash: newHash(),
  grantId: g.id,
  clientId: g.clientId,
  createdAt: T0,
  expiresAt: at(3_600_000),
  consumedAt: null,
  ...over,
});

export const device = (clientId: string, over: Partial<DeviceAuthorization> = {}): DeviceAuthorization => ({
  id: newId(),
  deviceCodeHash: newHash(),
  userCodeHash: newHash(),
  clientId,
  requestedScopes: ['posts:read', 'posts:write'],
  resource: 'https://dispatch.example/api',
  workspaceHint: null,
  createdAt: T0,
  expiresAt: at(600_000),
  intervalSeconds: 5,
  lastPolledAt: null,
  status: 'pending',
  decision: null,
  ...over,
});

export const ticket = (clientId: string, userId: string, over: Partial<ConsentTicket> = {}): ConsentTicket => ({
  idHash: newHash(),
  userId,
  clientId,
  redirectUri: 'https://app.example/cb',
  state: 'xyz "quoted" é',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  resource: 'https://dispatch.example/api',
  requestedScopes: ['posts:read'],
  expiresAt: at(300_000),
  ...over,
});
