import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** An HTTP server on a local address for the outbound tests, counting the requests it got. */
export class LocalHttpServer {
  requests = 0;

  private constructor(
    private readonly server: Server,
    readonly host: string,
  ) {}

  static async start(host: string, handler: Handler): Promise<LocalHttpServer> {
    const server = createServer();
    const local = new LocalHttpServer(server, host);
    server.on('request', (request, response) => {
      local.requests += 1;
      handler(request, response);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => resolve());
    });
    return local;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/'): string {
    const host = this.host.includes(':') ? `[${this.host}]` : this.host;
    return `http://${host}:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
