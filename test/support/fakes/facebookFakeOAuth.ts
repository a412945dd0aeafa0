import { invalidParameter, sendError, sendJson } from './facebookFakeAnswers';
import { type GraphRequest, respondWith, text, userOf } from './facebookFakeAccess';
import { type FacebookFakeState } from './facebookFakeState';

/** `GET /oauth/access_token`: a code for a short-lived user token, or `fb_exchange_token` for a long-lived one. */
export function accessToken(state: FacebookFakeState, request: GraphRequest) {
  const { params, response } = request;
  if (params.client_id !== state.clientId || params.client_secret !== state.clientSecret) {
    return sendError(response, { status: 400, code: 1, message: 'Error validating client secret.' });
  }
  if (params.grant_type === 'fb_exchange_token') {
    const previous = state.userTokens.get(text(params.fb_exchange_token) ?? '');
    if (!previous) return sendError(response, { status: 400, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
    if (previous.expired) return sendError(response, { status: 400, code: 190, subcode: 463, message: 'Error validating access token: Session has expired.' });
    const token = state.issueUserToken(true, previous.granted);
    return sendJson(response, 200, { access_token: token, token_type: 'bearer', expires_in: state.longLivedSeconds });
  }
  const codeText = text(params.code);
  if (codeText === null) return sendError(response, invalidParameter('Missing authorization code'));
  const code = state.codes.get(codeText);
  if (!code) return sendError(response, { status: 400, code: 100, subcode: 36007, message: 'This authorization code has expired.' });
  if (code.redirectUri !== params.redirect_uri) {
    return sendError(response, {
      status: 400,
      code: 100,
      subcode: 36008,
      message: 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
    });
  }
  state.codes.delete(codeText);
  const token = state.issueUserToken(false, code.granted);
  return sendJson(response, 200, { access_token: token, token_type: 'bearer', expires_in: state.shortLivedSeconds });
}

/** `GET /me/permissions`: every permission asked for, granted or declined. */
export function permissions(state: FacebookFakeState, request: GraphRequest) {
  const user = userOf(state, request);
  if (!respondWith(request.response, user)) return;
  const asked = ['public_profile', 'pages_show_list', 'pages_manage_posts', 'pages_read_engagement'];
  const data = asked.map((permission) => ({
    permission,
    status: permission === 'public_profile' || user.value.granted.includes(permission) ? 'granted' : 'declined',
  }));
  sendJson(request.response, 200, { data });
}

/** `DELETE /me/permissions`: the app is removed; every token of the person stops working. */
export function removeApp(state: FacebookFakeState, request: GraphRequest) {
  const user = userOf(state, request);
  if (!respondWith(request.response, user)) return;
  for (const token of state.userTokens.values()) if (token.userId === user.value.userId) token.expired = true;
  state.pageTokens.clear();
  state.revokedFor.push(user.value.userId);
  sendJson(request.response, 200, { success: true });
}
