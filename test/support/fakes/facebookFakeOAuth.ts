import { type FacebookCall, paramsOf, text, userOf } from './facebookFakeAccess';
import { type FacebookFakeState } from './facebookFakeState';
import { invalidParameter, metaError } from './kit/metaGraphAnswers';
import { OAuthAuthority } from './kit/oauthAuthority';

/**
 * Facebook Login's consent dialog (scopes comma separated, no PKCE): the codes it hands out
 * and the permissions each token carries, so each request is checked against the permissions
 * its endpoint needs. Facebook's token endpoint is a GET of its own (`accessToken` below), so
 * the authority's form-encoded one is never routed; its refusals are Meta's all the same.
 */
export const facebookAuthority = (state: FacebookFakeState): OAuthAuthority =>
  new OAuthAuthority(state, {
    userId: () => state.user.id,
    clientAuthentication: 'form',
    pkce: false,
    scopeSeparator: ',',
    rotatesOn: () => false,
    tokenAnswer: ({ accessToken }) => ({ access_token: accessToken, token_type: 'bearer', expires_in: state.shortLivedSeconds }),
    refusals: {
      notAForm: [400, '100', 'Missing authorization code'],
      badClient: [400, '1', 'Error validating client secret.'],
      unknownCode: [400, '100', 'This authorization code has expired.'],
      redirectMismatch: [400, '100', 'Error validating verification code.'],
      verifierMismatch: [400, '100', 'Error validating verification code.'],
      unknownRefreshToken: [400, '190', 'Invalid OAuth access token - Cannot parse access token'],
      unsupportedGrant: [400, '100', 'Unsupported grant_type'],
    },
    errorAnswer: (status, code, message) => metaError({ status, code: Number(code), message }),
  });

/** `GET /oauth/access_token`: a code for a short-lived user token, or `fb_exchange_token` (a short-lived one) for a long-lived one. */
export function accessToken(call: FacebookCall) {
  const { state } = call;
  const params = paramsOf(call);
  if (params.client_id !== state.clientId || params.client_secret !== state.clientSecret) {
    return call.send(metaError({ status: 400, code: 1, message: 'Error validating client secret.' }));
  }
  if (params.grant_type === 'fb_exchange_token') {
    const previous = text(params.fb_exchange_token) ?? '';
    const known = state.accessTokens.get(previous);
    if (!known || state.pageTokens.has(previous))
      return call.send(metaError({ status: 400, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' }));
    if (known.expired) return call.send(metaError({ status: 400, code: 190, subcode: 463, message: 'Error validating access token: Session has expired.' }));
    const token = state.issueUserToken(
      true,
      known.scopes.filter((s) => s !== 'public_profile'),
    );
    return call.answer(200, { access_token: token, token_type: 'bearer', expires_in: state.longLivedSeconds });
  }
  const codeText = text(params.code);
  if (codeText === null) return call.send(metaError(invalidParameter('Missing authorization code')));
  const code = state.codes.get(codeText);
  if (!code) return call.send(metaError(invalidParameter('This authorization code has expired.', 36007)));
  if (code.redirectUri !== params.redirect_uri) {
    return call.send(
      metaError(
        invalidParameter(
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
          36008,
        ),
      ),
    );
  }
  state.codes.delete(codeText);
  const token = state.issueUserToken(
    false,
    code.scopes.filter((s) => !state.declined.includes(s)),
  );
  call.answer(200, { access_token: token, token_type: 'bearer', expires_in: state.shortLivedSeconds });
}

/** `GET /me/permissions`: every permission asked for, granted or declined. */
export function permissions(call: FacebookCall) {
  const user = userOf(call);
  if (!user) return;
  const asked = new Set([...user.scopes, ...call.state.declined]);
  const data = [...asked].map((permission) => ({ permission, status: user.scopes.includes(permission) ? 'granted' : 'declined' }));
  call.answer(200, { data });
}

/** `DELETE /me/permissions`: the app is removed; every token of the person (and their Pages') stops working. */
export function removeApp(call: FacebookCall) {
  const user = userOf(call);
  if (!user) return;
  for (const token of call.state.accessTokens.values()) token.expired = true;
  call.state.revokedFor.push(call.state.user.id);
  call.answer(200, { success: true });
}
