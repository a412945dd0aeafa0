import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Koa from 'koa';
import { type DataSource } from 'typeorm';
import { type AppState } from '../../adapters/inbound/http/state';
import { type Scope } from '../../domain/credential/Scope';
import { type Role } from '../../domain/workspace/Role';
import { compose, type Composition, type CompositionOptions } from '../../config/container';
import { loadConfig, type Config } from '../../config/env';
import { buildHttpApp } from '../../config/httpApp';
import { TOKENS } from '../../config/tokens';
import { openTestDatabase, type DatabaseKind } from './databases';
import { PASSWORD } from './data/people';
import { everyPlatformFiles } from './mediaFiles';
import { MYSQL_URL } from './services';

export interface TestApp {
  readonly app: Koa<AppState>;
  readonly config: Config;
  readonly composition: Composition;
  /** The app's open database, for what a test must read or break directly. */
  readonly dataSource: DataSource;
  readonly given: Fixtures;
  close(): Promise<void>;
}

/** A fresh database for `kind`, as an env of DATABASE_URL and DATA_DIR the real config parses. */
export async function freshDatabaseEnv(kind: DatabaseKind): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-app-'));
  if (kind === 'mysql') {
    await (await openTestDatabase('mysql', { migrate: false })).destroy();
    return { DATABASE_URL: MYSQL_URL, DATA_DIR: dataDir };
  }
  return { DATABASE_URL: `sqlite:${path.join(dataDir, 'dispatch.sqlite')}`, DATA_DIR: dataDir };
}

/** The real composition root and Koa app, on a database env from freshDatabaseEnv. */
export async function startTestApp(databaseEnv: Record<string, string>, env: Record<string, string> = {}, options: CompositionOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
    BOOTSTRAP: 'false',
    ...databaseEnv,
    ...env,
  });
  const composition = await compose(config, options);
  if (composition.dataSource === null) throw new Error('startTestApp opens a database; use inMemoryTestApp for in-memory persistence');
  return {
    app: buildHttpApp(composition),
    config,
    composition,
    dataSource: composition.dataSource,
    given: new Fixtures(composition),
    close: () => composition.close(),
  };
}

/** Builds users, workspaces, members and credentials through the real use cases. */
export class Fixtures {
  constructor(private readonly composition: Composition) {}

  async user(email: string): Promise<string> {
    return (await this.composition.get(TOKENS.CreateUser).execute({ email, password: PASSWORD })).id;
  }

  async workspace(ownerEmail: string, name = 'Workspace'): Promise<string> {
    return (await this.composition.get(TOKENS.CreateWorkspace).execute({ name, ownerEmail })).workspace.id;
  }

  member(workspaceId: string, email: string, role: Role): Promise<unknown> {
    return this.composition.get(TOKENS.ManageMembers).add({ workspaceId, email, role });
  }

  setRole(workspaceId: string, email: string, role: Role): Promise<unknown> {
    return this.composition.get(TOKENS.ManageMembers).setRole({ workspaceId, email, role });
  }

  removeMember(workspaceId: string, email: string): Promise<unknown> {
    return this.composition.get(TOKENS.ManageMembers).remove({ workspaceId, email });
  }

  async apiKey(workspaceId: string, email: string, role: Role, scopes?: Scope[]): Promise<{ id: string; key: string }> {
    const created = await this.composition.get(TOKENS.ManageApiKeys).create({ workspaceId, email, role, scopes });
    return { id: created.apiKey.id, key: created.secret };
  }

  async revokeApiKey(id: string): Promise<void> {
    await this.composition.get(TOKENS.ManageApiKeys).revoke(id);
  }

  async session(email: string, ttlSeconds?: number): Promise<string> {
    return (await this.composition.get(TOKENS.IssueSession).execute({ email, ttlSeconds })).token;
  }

  /** A ready media item of the workspace, uploaded through the real use case: a square JPEG or a short video that fit every platform. */
  async media(workspaceId: string, kind: 'photo' | 'video' = 'photo'): Promise<string> {
    const file = (await everyPlatformFiles())[kind];
    const upload = this.composition.get(TOKENS.UploadMedia);
    return (await upload.execute({ workspaceId, userId: null, fileName: path.basename(file), body: fs.createReadStream(file) })).id;
  }

  async connection(workspaceId: string, platform: string, handle: string, sandbox = false): Promise<string> {
    return (await this.composition.get(TOKENS.AddConnection).execute({ workspaceId, platform, handle, sandbox })).id;
  }
}
