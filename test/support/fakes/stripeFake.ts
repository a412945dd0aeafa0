import { type IncomingMessage, type ServerResponse } from 'node:http';
import { LocalHttpServer } from '../localHttpServer';

/** One request as Stripe would receive it: the form-encoded body decoded, the auth header kept. */
export interface StripeRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  readonly idempotencyKey: string | undefined;
  readonly form: URLSearchParams;
}

/**
 * Stripe's API as its reference documents it, for the two calls the service makes:
 * `POST /v1/customers` and `POST /v1/checkout/sessions` (form-encoded, `Authorization: Bearer
 * sk_…`), answering the objects Stripe answers, or Stripe's error body for a bad key or a
 * missing parameter. Customers are created once per idempotency key, as Stripe replays them.
 */
export class StripeFake {
  readonly received: StripeRequest[] = [];
  private readonly byIdempotencyKey = new Map<string, unknown>();
  private serial = 0;

  private constructor(
    private readonly server: LocalHttpServer,
    readonly secretKey: string,
  ) {}

  static async start(secretKey: string): Promise<StripeFake> {
    let fake: StripeFake | null = null;
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => void fake!.handle(request, response));
    fake = new StripeFake(server, secretKey);
    return fake;
  }

  get baseUrl(): string {
    return this.server.url('').replace(/\/$/, '');
  }

  requestsTo(path: string): StripeRequest[] {
    return this.received.filter((r) => r.method === 'POST' && r.path === path);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const path = (request.url ?? '/').split('?')[0]!;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.received.push({
      method: request.method ?? 'GET',
      path,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      idempotencyKey,
      form,
    });
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${++this.serial}` });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return answer(400, { error: { type: 'invalid_request_error', message: 'form-encoded body expected' } });
    }
    const replay = idempotencyKey === undefined ? undefined : this.byIdempotencyKey.get(idempotencyKey);
    if (replay !== undefined) return answer(200, replay);
    const missing = (names: string[]) => names.find((n) => !form.get(n));
    let body: unknown;
    if (request.method === 'POST' && path === '/v1/customers') {
      body = { id: `cus_fake${++this.serial}`, object: 'customer', email: form.get('email'), metadata: metadataOf(form), livemode: false };
    } else if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const absent = missing(['mode', 'customer', 'line_items[0][price]', 'line_items[0][quantity]', 'success_url', 'cancel_url']);
      if (absent !== undefined) return answer(400, { error: { type: 'invalid_request_error', message: `Missing required param: ${absent}.`, param: absent } });
      const id = `cs_test_fake${++this.serial}`;
      body = {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        customer: form.get('customer'),
        client_reference_id: form.get('client_reference_id'),
        metadata: metadataOf(form),
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        status: 'open',
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
    } else {
      return answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path}).` } });
    }
    if (idempotencyKey !== undefined) this.byIdempotencyKey.set(idempotencyKey, body);
    return answer(200, body);
  }
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match) out[match[1]!] = value;
  }
  return out;
}
