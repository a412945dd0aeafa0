import { MemoryTokenGrants } from '../../../adapters/outbound/persistence/memory/MemoryTokenGrants';
import { MemorySessionStore } from '../../../adapters/outbound/persistence/memory/MemorySessionStore';
import { expect } from 'chai';
import { AddConnection } from '../../../application/admin/AddConnection';
import { MemoryUnitOfWork } from '../../../adapters/outbound/persistence/memory/MemoryUnitOfWork';
import { CreateUser } from '../../../application/admin/CreateUser';
import { CreateWorkspace } from '../../../application/admin/CreateWorkspace';
import { IssueSession } from '../../../application/admin/IssueSession';
import { ManageApiKeys } from '../../../application/admin/ManageApiKeys';
import { ManageMembers } from '../../../application/admin/ManageMembers';
import { OperatorListings } from '../../../application/admin/OperatorListings';
import { ResetPassword } from '../../../application/admin/ResetPassword';
import { type Clock } from '../../../application/ports/Clock';
import { type SessionClaims, type SessionTokens } from '../../../application/ports/SessionTokens';
import { runCli, type CliUseCases } from '../../../adapters/inbound/cli/runCli';
import { NodeRandomSource } from '../../../adapters/outbound/crypto/NodeRandomSource';
import { NodeSecretHasher } from '../../../adapters/outbound/crypto/NodeSecretHasher';
import { UlidIdGenerator } from '../../../adapters/outbound/crypto/UlidIdGenerator';
import { MemoryApiKeyRepository } from '../../../adapters/outbound/persistence/memory/MemoryApiKeyRepository';
import { MemoryConnectionRepository } from '../../../adapters/outbound/persistence/memory/MemoryConnectionRepository';
import { MemoryMembershipRepository } from '../../../adapters/outbound/persistence/memory/MemoryMembershipRepository';
import { MemoryUserRepository } from '../../../adapters/outbound/persistence/memory/MemoryUserRepository';
import { MemoryWorkspaceRepository } from '../../../adapters/outbound/persistence/memory/MemoryWorkspaceRepository';
import { PASSWORD } from '../../support/data/people';
import { DEFAULT_NOW, FixedClock } from '../../support/fixedClock';
import { InMemoryOAuthClients } from '../../support/fakes/InMemoryOAuthClients';
import { ManageClients } from '../../../application/oauth/ManageClients';
import { KeyRing } from '../../../adapters/outbound/keys/KeyRing';
import { SecretBox } from '../../../adapters/outbound/keys/SecretBox';
import { MemorySigningKeyStore } from '../../../adapters/outbound/persistence/memory/MemorySigningKeyStore';

export const NOW = new Date(DEFAULT_NOW);
export const DEFAULT_SESSION_TTL = 3600;
export { PASSWORD };

/** Stands in for the JWT signer: the CLI is under test here, not the token format. */
export class FakeSessionTokens implements SessionTokens {
  readonly issued = new Map<string, SessionClaims>();
  constructor(private readonly clock: Clock) {}

  async issue(claims: SessionClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }> {
    const token = `session-${this.issued.size + 1}`;
    this.issued.set(token, claims);
    return { token, expiresAt: new Date(this.clock.now().getTime() + ttlSeconds * 1000) };
  }

  async verify(token: string): Promise<SessionClaims | null> {
    return this.issued.get(token) ?? null;
  }
}

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The real admin use cases on in-memory repositories, and a runner that captures output. */
export class CliFixture {
  readonly users = new MemoryUserRepository();
  readonly workspaces = new MemoryWorkspaceRepository();
  readonly memberships = new MemoryMembershipRepository();
  readonly apiKeys = new MemoryApiKeyRepository();
  readonly connections = new MemoryConnectionRepository();
  readonly hasher = new NodeSecretHasher();
  readonly clock: Clock = { now: () => NOW };
  readonly sessions = new FakeSessionTokens(this.clock);
  readonly sessionStore = new MemorySessionStore();
  readonly oauthClients = new InMemoryOAuthClients();
  /** The signing keys' own clock, so a test can let a rotated key come into use. */
  readonly keyClock = new FixedClock(NOW);
  readonly signingKeyStore = new MemorySigningKeyStore();
  readonly keyRing = new KeyRing(this.signingKeyStore, new SecretBox('cli-test-secret'), this.keyClock, {
    publishAheadSeconds: 3600,
    longestTokenLifetimeSeconds: 12 * 3600,
  });
  /** Everything ever written to stdout or stderr, to search for leaked secrets. */
  readonly transcript: string[] = [];
  readonly useCases: CliUseCases;
  /** How often the CLI opened its use cases (its database), and closed them again. */
  readonly databaseUse = { opened: 0, closed: 0 };

  constructor() {
    const ids = new UlidIdGenerator();
    this.useCases = {
      createUser: new CreateUser(this.users, this.hasher, ids, this.clock),
      createWorkspace: new CreateWorkspace(this.workspaces, this.memberships, this.users, ids, this.clock, new MemoryUnitOfWork()),
      members: new ManageMembers(this.workspaces, this.memberships, this.users, this.clock, this.apiKeys, new MemoryUnitOfWork(), new MemoryTokenGrants()),
      apiKeys: new ManageApiKeys(
        this.apiKeys,
        this.workspaces,
        this.memberships,
        this.users,
        this.hasher,
        new NodeRandomSource(),
        ids,
        this.clock,
        new MemoryUnitOfWork(),
      ),
      addConnection: new AddConnection(this.connections, this.workspaces, ids, this.clock),
      issueSession: new IssueSession(this.users, this.sessions, this.sessionStore, ids, this.clock, DEFAULT_SESSION_TTL),
      listings: new OperatorListings(this.users, this.memberships, this.workspaces, this.apiKeys, this.connections),
      resetPassword: new ResetPassword(this.users, this.sessionStore, this.hasher, new NodeRandomSource(), this.clock, new MemoryUnitOfWork()),
      clients: new ManageClients(this.oauthClients, this.hasher, new NodeRandomSource(), this.clock),
      signingKeys: this.keyRing,
    };
  }

  async run(...argv: string[]): Promise<CliRun> {
    let stdout = '';
    let stderr = '';
    const open = async () => {
      this.databaseUse.opened += 1;
      return {
        useCases: this.useCases,
        where: '/srv/dispatch/data/dispatch.sqlite',
        close: async () => {
          this.databaseUse.closed += 1;
        },
      };
    };
    const code = await runCli(argv, open, {
      stdout: (text) => {
        stdout += text;
        this.transcript.push(text);
      },
      stderr: (text) => {
        stderr += text;
        this.transcript.push(text);
      },
    });
    return { code, stdout, stderr };
  }

  /** Runs a command with --json that must succeed, and returns its one JSON object. */
  async json(...argv: string[]): Promise<any> {
    const result = await this.run(...argv, '--json');
    expect(result.stderr, result.stderr).to.equal('');
    expect(result.code).to.equal(0);
    expect(result.stdout.endsWith('\n')).to.equal(true);
    expect(result.stdout.trimEnd().split('\n')).to.have.length(1);
    return JSON.parse(result.stdout);
  }

  /** Runs a command with --json that must fail, and returns its exit code and error object. */
  async jsonError(...argv: string[]): Promise<{ code: number; error: { code: string; message: string } }> {
    const result = await this.run(...argv, '--json');
    expect(result.stdout).to.equal('');
    expect(result.stderr.trimEnd().split('\n')).to.have.length(1);
    const parsed = JSON.parse(result.stderr);
    expect(Object.keys(parsed)).to.deep.equal(['error']);
    expect(Object.keys(parsed.error)).to.deep.equal(['code', 'message']);
    return { code: result.code, error: parsed.error };
  }

  async createUser(email: string, password = PASSWORD): Promise<string> {
    return (await this.json('user', 'create', '--email', email, '--password', password)).user.id;
  }

  /** An owner and their workspace: the ground most commands need. */
  async ownerWithWorkspace(email = 'owner@example.com'): Promise<{ ownerId: string; workspaceId: string }> {
    const ownerId = await this.createUser(email);
    const { workspace } = await this.json('workspace', 'create', '--name', 'Acme', '--owner', email);
    return { ownerId, workspaceId: workspace.id };
  }
}
