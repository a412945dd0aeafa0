import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { Browser, type PageAnswer } from '../../support/oauthKit/browser';
import { awaitOutput, type ServiceProcess, startServiceProcess } from '../../support/serviceProcess';

const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'scripts', 'dispatch-mcp.js');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** The agent's client, registered by the operator as docs/agents.md says. */
export const AGENT_CLIENT = 'my-agent';

/** A port free a moment ago: BASE_URL must name the port the service listens on, as the tokens' audience is BASE_URL/mcp. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a bridge process did, once it exited: its code and both outputs. */
export interface Exited {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A bridge connected to by the SDK's stdio client, and what it wrote on stderr so far. */
export interface ConnectedBridge {
  readonly client: Client;
  stderr(): string;
  /** Errors the stdio client met reading the bridge's stdout (a line that is not a JSON-RPC message). */
  readonly transportErrors: Error[];
}

/**
 * A first-started service process (SQLite in a temporary DATA_DIR, NODE_ENV development: the
 * owner, workspace, API key and sandbox accounts the first start prints), the agent's client
 * registered by the operator CLI, and a home of its own for the bridge (HOME, XDG_CONFIG_HOME).
 */
export class BridgeKit {
  private readonly clients: Client[] = [];

  private constructor(
    readonly service: ServiceProcess,
    private readonly dataDir: string,
    readonly home: string,
    readonly apiKey: string,
    readonly workspaceId: string,
    private readonly owner: { email: string; password: string },
  ) {}

  static async start(env: Record<string, string> = {}): Promise<BridgeKit> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-bridge-service-'));
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-bridge-home-'));
    const port = await freePort();
    const service = await startServiceProcess({ DATA_DIR: dataDir, NODE_ENV: 'development', PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, ...env });
    const apiKey = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    const [, email, password] = (await awaitOutput(service.stderr, /Owner sign-in:\s+(\S+)\s+\/\s+(\S+)/))!;
    const workspaceId = (await awaitOutput(service.stderr, /Workspace id:\s+(\S+)/))[1]!;
    await promisify(execFile)(
      TSX,
      [
        'config/admin.ts',
        'client',
        'register',
        '--client-id',
        AGENT_CLIENT,
        '--name',
        'My agent',
        '--grant',
        'device_code',
        '--grant',
        'refresh_token',
        '--scope',
        'posts:read posts:write accounts:read media:write',
      ],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' } },
    );
    return new BridgeKit(service, dataDir, home, apiKey, workspaceId, { email: email!, password: password! });
  }

  get baseUrl(): string {
    return this.service.baseUrl;
  }

  /** Where the bridge keeps its sign-ins in this kit's home. */
  get credentialsFile(): string {
    return path.join(this.home, 'config', 'dispatch', 'credentials.json');
  }

  /** The environment an agent starts the bridge with: its own home and config directory, nothing of the test's. */
  bridgeEnv(extra: Record<string, string> = {}): Record<string, string> {
    return { PATH: process.env.PATH ?? '', HOME: this.home, XDG_CONFIG_HOME: path.join(this.home, 'config'), ...extra };
  }

  /** The bridge as an agent runs it (`node scripts/dispatch-mcp.js --url …`), connected to by the SDK's stdio client. */
  async connect(extra: Record<string, string> = {}): Promise<ConnectedBridge> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, '--url', this.baseUrl],
      env: this.bridgeEnv(extra),
      stderr: 'pipe',
      cwd: os.tmpdir(),
    });
    let stderr = '';
    transport.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'bridge-tests', version: '1.0.0' });
    const transportErrors: Error[] = [];
    client.onerror = (error) => transportErrors.push(error);
    await client.connect(transport).catch((error: unknown) => {
      throw new Error(`the bridge did not start: ${String(error)}\n${stderr}`);
    });
    this.clients.push(client);
    return { client, stderr: () => stderr, transportErrors };
  }

  /** The bridge (or one of its commands) run to its exit, stdin closed at once. */
  run(args: string[], extra: Record<string, string> = {}): Promise<Exited> {
    return new Promise((resolve) => {
      execFile(process.execPath, [BIN, ...args], { env: this.bridgeEnv(extra), cwd: os.tmpdir(), timeout: 30_000 }, (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
      });
    });
  }

  /**
   * `login` as a person runs it: the bridge prints where to approve on stderr; the person, signed
   * in on the service's pages as the owner, approves the code for the workspace; the bridge's
   * next poll (the service's interval, 5 s) gets the tokens.
   */
  async login(args: string[] = []): Promise<Exited> {
    const child: ChildProcess = spawn(process.execPath, [BIN, 'login', '--url', this.baseUrl, '--client-id', AGENT_CLIENT, ...args], {
      env: this.bridgeEnv(),
      cwd: os.tmpdir(),
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const verification = (await awaitOutput(() => stderr, /open (http\S+)\n/, 20_000))[1]!;
    const decided = await this.approve(verification);
    expect(decided.status, decided.text).to.be.oneOf([200, 303]);
    const code = await exited;
    return { code, stdout, stderr };
  }

  /** The owner at the kit's browser signs in on the service's pages and approves the device code at `verification`. */
  private async approve(verification: string): Promise<PageAnswer> {
    const browser = new Browser(this.baseUrl);
    await browser.signIn(this.owner.email, this.owner.password);
    return browser.approveDevice(verification, this.workspaceId);
  }

  async stop(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close().catch(() => undefined)));
    await this.service.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}

/** A tool's structured content, the call having succeeded. */
export function structured<T = Record<string, unknown>>(result: CallToolResult | Record<string, unknown>): T {
  const r = result as CallToolResult;
  expect(r.isError ?? false, JSON.stringify(r.content)).to.equal(false);
  return r.structuredContent as T;
}

/** A post as the API answers it, the fields the tests read. */
export interface PostJson {
  readonly id: string;
  readonly status: string;
  readonly targets: { readonly status: string; readonly platformPostUrl: string | null }[];
}

/** get_post until the post is no longer publishing (the worker beside the API publishes it). */
export async function settled(client: Client, postId: string): Promise<PostJson> {
  for (let waited = 0; ; waited += 100) {
    const post = structured<PostJson>(await client.callTool({ name: 'get_post', arguments: { postId } }));
    if (!['scheduled', 'publishing'].includes(post.status) || waited > 20_000) return post;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
