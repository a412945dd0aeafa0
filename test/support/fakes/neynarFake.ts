import { type IncomingMessage, type ServerResponse } from 'node:http';
import { findRoute, FakePlatformServer, type RouteTable } from './fakePlatformServer';
import { readBody, type ScriptedAnswer, sendError, sendScripted } from './neynarFakeAnswers';
import { publishCast } from './neynarFakeCasts';
import { createSigner, type FakeRequest, lookupSigner, registerSignedKey, usersByFid } from './neynarFakeSigners';
import { NeynarFakeState } from './neynarFakeState';

type Route = (state: NeynarFakeState, request: FakeRequest, response: ServerResponse) => void | Promise<void>;

/** Method and path (no query, no trailing slash) to handler. */
const ROUTES: RouteTable<Route> = [
  ['POST', '/v2/farcaster/signer', createSigner],
  ['POST', '/v2/farcaster/signer/signed_key', registerSignedKey],
  ['GET', '/v2/farcaster/signer', lookupSigner],
  ['GET', '/v2/farcaster/user/bulk', usersByFid],
  ['POST', '/v2/farcaster/cast', publishCast],
];

/**
 * A local stand-in for Neynar's API, written from its documentation: the `x-api-key`, method,
 * path and body checked, the signed key request's EIP-712 signature verified against the app's
 * custody address, signers generated → pending_approval → approved (by the test) or revoked,
 * casts kept (one per `idem`), and scripted failures for the next matching request.
 */
export class NeynarFake extends FakePlatformServer<{ route: string; answer: ScriptedAnswer }> {
  readonly state = new NeynarFakeState();
  private constructor() {
    super();
  }

  static async start(): Promise<NeynarFake> {
    return FakePlatformServer.listen(new NeynarFake());
  }

  /** Answer the next request to exactly `route` (`'POST /v2/farcaster/cast'`) with `answer`. */
  answerNext(route: string, answer: ScriptedAnswer): void {
    this.script({ route, answer });
  }

  /** The account approves a pending signer in its app (the on-chain key add). */
  approve(signerUuid: string, fid = 4242): void {
    const signer = this.state.signers.get(signerUuid);
    if (signer?.status !== 'pending_approval') throw new Error(`signer ${signerUuid} is not pending approval`);
    signer.status = 'approved';
    signer.fid = fid;
  }

  /** The account removes the signer's key. */
  revoke(signerUuid: string): void {
    const signer = this.state.signers.get(signerUuid);
    if (!signer) throw new Error(`no signer ${signerUuid}`);
    signer.status = 'revoked';
  }

  /** The uuid of the only signer made so far (the tests make one at a time). */
  onlySigner(): string {
    const uuids = [...this.state.signers.keys()];
    if (uuids.length !== 1) throw new Error(`expected one signer, found ${uuids.length}`);
    return uuids[0]!;
  }

  protected async handle(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(message.url ?? '/', this.baseUrl);
    const body = await readBody(message);
    const method = message.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '');
    this.state.received.push({ method, path, query: url.searchParams, headers: message.headers, body });
    if (message.headers['x-api-key'] !== this.state.apiKey) return sendError(response, 401, 'Unauthorized', 'Invalid or missing API key');
    const scripted = this.takeScripted((s) => `${method} ${path}` === s.route);
    if (scripted) return sendScripted(response, scripted.answer);
    const route = findRoute(ROUTES, method, path);
    if (!route) return sendError(response, 404, 'NotFound', `No route for ${method} ${path}`);
    let json: Record<string, unknown> | null = null;
    if (body.length > 0) {
      if (!String(message.headers['content-type']).startsWith('application/json')) return sendError(response, 415, 'UnsupportedMediaType', 'JSON bodies only');
      try {
        json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return sendError(response, 400, 'InvalidJson', 'The body is not JSON');
      }
    }
    await route(this.state, { url, json }, response);
  }
}
