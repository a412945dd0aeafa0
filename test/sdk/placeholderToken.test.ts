import { expect } from 'chai';
import { createDispatch, DispatchError, type DispatchOptions, isDispatchError } from '../../sdk/src';
import { type SdkService, startSdkService } from './sdkService';

/** The README's placeholder pasted as is: `dsk_` and U+2026, which no HTTP header can carry. */
const PLACEHOLDER = 'dsk_…';
const MESSAGE = 'the token has characters no token has (letters, digits and -._~+/ only): was a placeholder such as dsk_… pasted as is?';

/** What a call threw, or a failure when it did not throw. */
async function thrown(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  expect.fail('the call did not throw');
}

describe('@dispatch/sdk refuses a token with characters no token has (a placeholder pasted as is) with a DispatchError', () => {
  const sent: Request[] = [];
  const client = (options: Partial<DispatchOptions>) =>
    createDispatch({
      baseUrl: 'http://127.0.0.1:9',
      fetch: async (request) => {
        sent.push(request);
        return Response.json({ data: [] });
      },
      ...options,
    });
  beforeEach(() => {
    sent.length = 0;
  });

  it('a 401 invalid_token naming the placeholder, thrown by the call, not a TypeError of fetch; nothing is sent', async () => {
    const error = await thrown(client({ token: PLACEHOLDER }).GET('/v1/me/workspaces'));
    expect(error).to.be.instanceOf(DispatchError);
    expect(isDispatchError(error, 'invalid_token')).to.equal(true);
    const refused = error as DispatchError;
    expect(refused.status).to.equal(401);
    expect(refused.type).to.equal('UnauthorizedError');
    expect(refused.message).to.equal(`401 invalid_token: ${MESSAGE}`);
    expect(refused.requestId).to.equal(undefined);
    expect(sent).to.deep.equal([]);
  });

  it('alike from a token function, on a POST, and for any character outside a token (a space, a quote, a line break)', async () => {
    for (const token of [() => PLACEHOLDER, async () => 'dsk_ab cd', 'dsk_"quoted"', 'dsk_a\nb', 'dsk_é']) {
      const body = { groups: [], targets: [], intent: 'draft' as const };
      const error = await thrown(client({ token }).POST('/v1/workspaces/{workspaceId}/posts', { params: { path: { workspaceId: 'ws1' } }, body }));
      expect(isDispatchError(error, 'invalid_token'), String(token)).to.equal(true);
      expect((error as DispatchError).status).to.equal(401);
    }
    expect(sent).to.deep.equal([]);
  });

  it('the raw client returns it as it returns any 401: {error, response}', async () => {
    const answer = await client({ token: PLACEHOLDER }).raw.GET('/v1/me/workspaces');
    expect(answer.response.status).to.equal(401);
    expect(answer.error).to.deep.equal({ error: { type: 'UnauthorizedError', code: 'invalid_token', message: MESSAGE, details: [] } });
    expect(sent).to.deep.equal([]);
  });

  it('sends a token as before: a key, a JWT with its padding, whitespace around it, or no token', async () => {
    for (const token of ['dsk_abc-DEF_123', 'eyJhbGciOi.eyJzdWIi.c2ln+/~==', ' dsk_abc ']) {
      await client({ token }).GET('/v1/me/workspaces');
      expect(sent.pop()?.headers.get('Authorization')).to.equal(`Bearer ${token}`.trim());
    }
    await client({}).GET('/v1/me/workspaces');
    expect(sent.pop()?.headers.has('Authorization')).to.equal(false);
  });

  describe('as the service refuses such a token', function () {
    this.timeout(60_000);
    let running: SdkService;
    before(async () => {
      running = await startSdkService();
    });
    after(async () => {
      await running?.stop();
    });

    it("the SDK's refusal is the service's answer to a token it can send (status, type, code, message)", async () => {
      const answer = await fetch(`${running.baseUrl}/v1/me/workspaces`, { headers: { Authorization: 'Bearer dsk_"quoted"' } });
      const service = new DispatchError(answer, await answer.json());
      const sdk = (await thrown(running.client({ token: PLACEHOLDER }).GET('/v1/me/workspaces'))) as DispatchError;
      expect([sdk.status, sdk.type, sdk.code, sdk.message]).to.deep.equal([service.status, service.type, service.code, service.message]);
      expect(service.requestId).to.be.a('string');
    });
  });
});
