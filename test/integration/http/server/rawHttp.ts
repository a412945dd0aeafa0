import net from 'node:net';

/** What a raw connection saw: every byte the server sent, how the connection ended. */
export interface Seen {
  readonly text: string;
  /** The server ended its side cleanly (a FIN), before the connection closed. */
  readonly ended: boolean;
  /** The error the connection failed with (ECONNRESET when the server reset it), if any. */
  readonly errorCode: string | null;
}

export interface RawConnection {
  readonly socket: net.Socket;
  /** Resolves when the connection has closed, whoever closed it. */
  readonly closed: Promise<Seen>;
  /** Resolves once `count` complete responses have arrived (by Content-Length). */
  responses(count: number): Promise<Answer[]>;
}

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly text: string;
  readonly body: any;
}

/** A connection to the server on 127.0.0.1 that writes exactly the bytes a test gives it. */
export function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let ended = false;
    let errorCode: string | null = null;
    const waiting: Array<() => void> = [];
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      for (const wake of waiting.splice(0)) wake();
    });
    socket.on('end', () => (ended = true));
    socket.on('error', (error: NodeJS.ErrnoException) => (errorCode = error.code ?? error.message));
    const closed = new Promise<Seen>((done) => socket.once('close', () => done({ text: Buffer.concat(received).toString('latin1'), ended, errorCode })));
    closed.then(() => {
      for (const wake of waiting.splice(0)) wake();
    });
    const responses = async (count: number): Promise<Answer[]> => {
      for (;;) {
        const parsed = parseResponses(Buffer.concat(received).toString('latin1'));
        if (parsed.length >= count) return parsed.slice(0, count);
        if (socket.destroyed) throw new Error(`the connection closed after ${parsed.length} of ${count} responses`);
        await new Promise<void>((wake) => waiting.push(wake));
      }
    };
    socket.once('connect', () => resolve({ socket, closed, responses }));
    socket.once('error', reject);
  });
}

/** The complete responses at the start of `text` (each with a Content-Length, as this server sends them). */
export function parseResponses(text: string): Answer[] {
  const answers: Answer[] = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return answers;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (rest.length < end + 4 + length) return answers;
    const body = rest.slice(end + 4, end + 4 + length);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, text: body, body: body.startsWith('{') ? JSON.parse(body) : null });
    rest = rest.slice(end + 4 + length);
  }
}

/** Fails when `promise` has not settled within `ms`: a test waiting on the server never hangs. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Writes `piece` every `everyMs` until the connection closes: a client trickling its request. */
export function trickle(socket: net.Socket, piece: string, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.writable) socket.write(piece);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}
