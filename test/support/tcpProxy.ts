import net from 'node:net';

/** One direction of a proxied connection: bytes held while the proxy is stalled, then delivered in order. */
class Pipe {
  private readonly held: Buffer[] = [];
  private endHeld = false;

  constructor(
    private readonly to: net.Socket,
    private readonly proxy: TcpProxy,
    private readonly watched: boolean,
  ) {}

  carry(chunk: Buffer): void {
    if (this.watched) this.proxy.sawClientBytes(chunk);
    if (this.proxy.stalled) this.held.push(chunk);
    else this.to.write(chunk);
  }

  end(): void {
    if (this.proxy.stalled) this.endHeld = true;
    else this.to.end();
  }

  get finished(): boolean {
    return this.to.destroyed;
  }

  flush(): void {
    if (this.to.destroyed) return;
    for (const chunk of this.held.splice(0)) this.to.write(chunk);
    if (this.endHeld) this.to.end();
    this.endHeld = false;
  }
}

/**
 * A TCP forwarder a test can cut, stall and restore, to take a real server "down" (or freeze
 * it, as a stopped process would be) for the service without touching it for everyone else.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private readonly pipes = new Set<Pipe>();
  private stallOn: string | null = null;
  stalled = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    if (this.server !== null) return;
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      const outward = new Pipe(upstream, this, true);
      const inward = new Pipe(client, this, false);
      this.pipes.add(outward).add(inward);
      client.on('data', (chunk: Buffer) => outward.carry(chunk));
      upstream.on('data', (chunk: Buffer) => inward.carry(chunk));
      client.on('end', () => outward.end());
      upstream.on('end', () => inward.end());
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.once('close', () => {
          this.sockets.delete(s);
          if (outward.finished && inward.finished && !this.stalled) {
            this.pipes.delete(outward);
            this.pipes.delete(inward);
          }
        });
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Refuses new connections and cuts the open ones. */
  async stop(): Promise<void> {
    this.stalled = false;
    for (const socket of this.sockets) socket.destroy();
    this.pipes.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  /** Holds every byte in both directions (connections still open, new ones accepted): a frozen server. */
  stall(): void {
    this.stalled = true;
  }

  /** Stalls as soon as a client sends bytes containing `text` (that statement included). */
  stallWhenClientSends(text: string): void {
    this.stallOn = text;
  }

  /** Delivers what was held, in order, and forwards freely again. */
  release(): void {
    this.stalled = false;
    this.stallOn = null;
    for (const pipe of this.pipes) {
      pipe.flush();
      if (pipe.finished) this.pipes.delete(pipe);
    }
  }

  /** @internal Called by a client-to-server pipe before it forwards a chunk. */
  sawClientBytes(chunk: Buffer): void {
    if (this.stallOn !== null && chunk.includes(this.stallOn)) {
      this.stallOn = null;
      this.stalled = true;
    }
  }
}
