import { Webhook } from 'standardwebhooks';
import { LocalHttpServer } from '../localHttpServer';

/** How the receiver answers one request: a status, after a delay, with extra headers. */
export interface Answer {
  readonly status: number;
  readonly delayMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ReceivedEvent {
  readonly id: string;
  readonly type: string;
  readonly timestamp: string;
  readonly workspaceId: string;
  readonly data: Record<string, any>;
}

export interface Received {
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly at: number;
  /** The secrets (by index in `secrets`) the request's signature verified with. */
  readonly verifiedWith: number[];
  /** The parsed body, when the signature verified with at least one secret. */
  readonly event: ReceivedEvent | null;
}

/**
 * A subscriber's endpoint on 127.0.0.1, as a client of the API writes one: every request
 * verified with the `standardwebhooks` library against each secret it was given, answered
 * from a script (200 once the script runs out).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly script: Answer[] = [];

  private constructor(
    private readonly server: LocalHttpServer,
    readonly secrets: string[],
  ) {}

  static async start(secrets: string[] = []): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | undefined;
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answer = receiver!.take(request.headers as Record<string, string>, Buffer.concat(chunks).toString('utf8'));
        setTimeout(() => {
          if (response.destroyed) return;
          response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
          response.end('ok');
        }, answer.delayMs ?? 0);
      });
    });
    receiver = new WebhookReceiver(server, secrets);
    return receiver;
  }

  get url(): string {
    return this.server.url('/hooks/dispatch');
  }

  /** The next requests are answered with these, in order. */
  answer(...answers: Answer[]): void {
    this.script.push(...answers);
  }

  /** Every verified event, in the order received. */
  get events(): ReceivedEvent[] {
    return this.received.flatMap((r) => (r.event === null ? [] : [r.event]));
  }

  types(): string[] {
    return this.events.map((e) => e.type);
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }

  private take(headers: Record<string, string>, body: string): Answer {
    const verifiedWith = this.secrets.flatMap((secret, index) => {
      try {
        new Webhook(secret).verify(body, headers);
        return [index];
      } catch {
        return [];
      }
    });
    const event = verifiedWith.length > 0 ? (JSON.parse(body) as ReceivedEvent) : null;
    this.received.push({ headers, body, at: Date.now(), verifiedWith, event });
    return this.script.shift() ?? { status: 200 };
  }
}
