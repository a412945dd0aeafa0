import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AtpAgent } from '@atproto/api';
import { Secp256k1Keypair } from '@atproto/crypto';
import { envToCfg, envToSecrets, PDS } from '@atproto/pds';
import { Database as PlcDatabase, PlcServer } from '@did-plc/server';

const LOCAL_HOST = '127.0.0.1';
const JWT_SECRET = 'jwt-secret-for-tests';

/** An account on the test PDS, with one app password it can revoke. */
export interface PdsAccount {
  readonly did: string;
  readonly handle: string;
  readonly password: string;
  readonly appPassword: string;
  readonly appPasswordName: string;
}

/** What a test may change of the PDS's configuration. */
export interface PdsOptions {
  /** The PDS's own rate limits (PDS_RATE_LIMITS_ENABLED; kept in memory): createSession takes 30 logins of one identifier in 5 minutes. */
  readonly rateLimits?: boolean;
  /** The largest blob it takes (PDS_BLOB_UPLOAD_LIMIT); 5 MiB unless given. */
  readonly blobUploadLimit?: number;
}

/**
 * The reference Bluesky PDS (@atproto/pds) with its PLC directory (@did-plc/server, in-memory
 * database), both on 127.0.0.1, in a fresh data directory: no invite codes, no email, no
 * crawlers, no app view, so nothing leaves the machine.
 */
export class BlueskyPds {
  private constructor(
    private readonly plc: PlcServer,
    private readonly plcListener: Server,
    private readonly pds: PDS,
    private readonly pdsListener: Server,
    private readonly dataDirectory: string,
    readonly url: string,
  ) {}

  static async start(options: PdsOptions = {}): Promise<BlueskyPds> {
    process.env.LOG_ENABLED ??= 'false';
    const plc = PlcServer.create({ db: PlcDatabase.mock() });
    const plcListener = await listenLocally(plc.app, 0);
    const plcUrl = `http://${LOCAL_HOST}:${portOf(plcListener)}`;

    const dataDirectory = await mkdtemp(join(tmpdir(), 'dispatch-bluesky-pds-'));
    const port = await freeLocalPort();
    const rotationKey = await Secp256k1Keypair.create({ exportable: true });
    const env = {
      port,
      hostname: 'localhost',
      dataDirectory,
      blobstoreDiskLocation: join(dataDirectory, 'blobs'),
      didPlcUrl: plcUrl,
      inviteRequired: false,
      devMode: true,
      crawlers: [],
      serviceHandleDomains: ['.test'],
      adminPassword: 'admin-password',
      jwtSecret: JWT_SECRET,
      plcRotationKeyK256PrivateKeyHex: Buffer.from(await rotationKey.export()).toString('hex'),
      rateLimitsEnabled: options.rateLimits ?? false,
      ...(options.blobUploadLimit === undefined ? {} : { blobUploadLimit: options.blobUploadLimit }),
    };
    const pds = await PDS.create(envToCfg(env), envToSecrets(env));
    await pds.ctx.sequencer.start();
    const pdsListener = await listenLocally(pds.app, port);
    pds.server = pdsListener;
    return new BlueskyPds(plc, plcListener, pds, pdsListener, dataDirectory, `http://${LOCAL_HOST}:${port}`);
  }

  /** An account with a password and an app password (the way a user connects Dispatch). */
  async createAccount(name: string): Promise<PdsAccount> {
    const agent = new AtpAgent({ service: this.url });
    const handle = `${name}.test`;
    const password = `${name}-password`;
    await agent.createAccount({ handle, email: `${name}@example.test`, password });
    const appPasswordName = 'dispatch';
    const created = await agent.com.atproto.server.createAppPassword({ name: appPasswordName });
    return { did: agent.session?.did ?? '', handle, password, appPassword: created.data.password, appPasswordName };
  }

  /** What the user does in the app's settings: the app password stops working, with its sessions. */
  async revokeAppPassword(account: PdsAccount): Promise<void> {
    const agent = new AtpAgent({ service: this.url });
    await agent.login({ identifier: account.handle, password: account.password });
    await agent.com.atproto.server.revokeAppPassword({ name: account.appPasswordName });
  }

  /**
   * An app-password access JWT of the account as this PDS signs them (HS256 under its JWT
   * secret), expired a minute ago: what a connection holds after two idle hours.
   */
  expiredAccessJwt(did: string): string {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ typ: 'at+jwt', alg: 'HS256' })}.${encode({ scope: 'com.atproto.appPass', aud: 'did:web:localhost', sub: did, iat: now - 7260, exp: now - 60 })}`;
    return `${unsigned}.${createHmac('sha256', JWT_SECRET).update(unsigned).digest('base64url')}`;
  }

  /** An XRPC client without a session, to read records and blobs back. */
  reader(): AtpAgent {
    return new AtpAgent({ service: this.url });
  }

  async stop(): Promise<void> {
    this.pdsListener.closeAllConnections();
    await new Promise<void>((resolve) => this.pdsListener.close(() => resolve()));
    await this.pds.destroy();
    this.plcListener.closeAllConnections();
    await new Promise<void>((resolve) => this.plcListener.close(() => resolve()));
    await this.plc.destroy();
    await rm(this.dataDirectory, { recursive: true, force: true });
  }
}

function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

async function listenLocally(app: Parameters<typeof createServer>[1], port: number): Promise<Server> {
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOCAL_HOST, () => resolve());
  });
  return server;
}

/** The PDS must know its port before it starts (it is in its public URL). */
async function freeLocalPort(): Promise<number> {
  const probe = await listenLocally(() => undefined, 0);
  const port = portOf(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
