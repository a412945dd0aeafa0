import { DescribedApi } from '../../support/fakes/kit/describedApi';
import { OAuthAuthority } from '../../support/fakes/kit/oauthAuthority';
import { OAuthGrants } from '../../support/fakes/kit/oauthGrants';
import { type FakeHandler, PlatformFake } from '../../support/fakes/kit/platformFake';
import { describeViolation } from '../../support/fakes/kit/RequestChecker';

export const UNAUTHORIZED = { status: 401, body: { code: 32, message: 'Unauthorized' } };

/** A fake of a few X operations and an OAuth server, configured as a platform fake is: what the kit's own tests run against. */
export class DemoFake extends PlatformFake<OAuthGrants, { readonly kind: 'teapot' }> {
  private constructor(state: OAuthGrants, createPosts: FakeHandler<OAuthGrants>) {
    const authority = new OAuthAuthority(state, {
      userId: () => 'u1',
      clientAuthentication: 'basic',
      pkce: true,
      scopeSeparator: ' ',
      rotatesOn: () => true,
      tokenAnswer: ({ accessToken, refreshToken, scopes }) => ({ access_token: accessToken, refresh_token: refreshToken, scope: scopes.join(' ') }),
      refusals: {
        notAForm: [400, 'invalid_request', 'form'],
        badClient: [401, 'invalid_client', 'client'],
        unknownCode: [400, 'invalid_grant', 'code'],
        redirectMismatch: [400, 'invalid_grant', 'redirect'],
        verifierMismatch: [400, 'invalid_grant', 'verifier'],
        unknownRefreshToken: [400, 'invalid_grant', 'refresh'],
        unsupportedGrant: [400, 'unsupported_grant_type', 'grant'],
      },
      errorAnswer: (status, error, description) => ({ status, body: { error, error_description: description } }),
    });
    super(state, {
      platform: 'Demo',
      checker: DescribedApi.fixture('x-openapi.json'),
      operations: { createPosts, getUsersMe: (call) => call.answer(200, { data: { id: '1', name: 'Ada', username: 'ada' } }) },
      undescribed: [
        ['POST', '/2/oauth2/token', authority.token],
        ['POST', '/2/oauth2/revoke', authority.revoke],
        ['GET', '/health', (call) => call.send({ status: 200, body: 'ok', contentType: 'text/plain' })],
      ],
      authority,
      refusal: (violations) => ({
        status: violations.some((v) => v.field === 'scope') ? 403 : 400,
        body: { code: 1, message: violations.map(describeViolation).join('; ') },
      }),
      notFound: () => ({ status: 404, body: { code: 34, message: 'Not found' } }),
      named: () => ({ kind: 'answer', answer: { status: 418, body: { code: 418, message: 'I am a teapot' } } }),
    });
  }

  static start(createPosts: FakeHandler<OAuthGrants> = (call) => call.answer(201, { data: { id: '1880028106020001001', text: 'hi' } })) {
    return PlatformFake.listen(new DemoFake(new OAuthGrants('demo-client', 'demo-secret', ['a-', 'r-']), createPosts));
  }
}
