import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type Duplex } from 'node:stream';

/**
 * The response the app is writing on each connection, so a client error on that connection
 * (a body that stopped arriving) is answered only while that response has not begun.
 */
export class ResponsesInFlight {
  private readonly bySocket = new WeakMap<Duplex, ServerResponse>();

  track(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    this.bySocket.set(socket, res);
    res.once('close', () => {
      if (this.bySocket.get(socket) === res) this.bySocket.delete(socket);
    });
  }

  on(socket: Duplex): ServerResponse | undefined {
    return this.bySocket.get(socket);
  }
}
