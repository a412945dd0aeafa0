import { requestIdHeader, rateLimitHeaders } from '../headers';
import { schemaRef } from '../refs';
import { noCredential } from '../security';
import { type HeaderObject, type OperationObject, type PathMap, type ResponseObject, type SchemaObject } from '../types';

/**
 * The authorization server's form endpoints (docs/decisions.md, "OAuth server"; docs/surfaces.md,
 * "OAuth forms"): urlencoded bodies, the specifications' own bodies and errors, `no-store` on
 * every answer, a rate limit per client address in a bucket of its own. No bearer credential:
 * each endpoint authenticates its client itself.
 */

const FORM = 'application/x-www-form-urlencoded';

/** Set on every answer of the form chain, errors included. */
const FORM_HEADERS: Record<string, HeaderObject> = {
  'X-Request-Id': requestIdHeader,
  'Cache-Control': { description: 'OAuth answers carry tokens and codes: never cached.', required: true, schema: { type: 'string', const: 'no-store' } },
  Pragma: { description: 'The same, for HTTP/1.0 caches.', required: true, schema: { type: 'string', const: 'no-cache' } },
};

const retryAfter = (required: boolean): HeaderObject => ({
  description: 'Seconds to wait before trying again.',
  required,
  schema: { type: 'integer', minimum: 1 },
});

const formText = (description: string, extra: SchemaObject = {}): SchemaObject => ({ type: 'string', description, ...extra });

const CLIENT_FIELDS: Record<string, SchemaObject> = {
  client_id: formText(
    'The client (client_secret_post, or a public client). With HTTP Basic (client_secret_basic: each half form-urlencoded) it may be omitted, or must name the same client.',
  ),
  client_secret: formText("A confidential client's secret (client_secret_post); never with Basic, never for a public client (invalid_client).", {
    pattern: '^dcs_',
  }),
};

/** A urlencoded body: flat strings, each parameter once (twice is invalid_request); parameters not listed are ignored (RFC 6749 §3.1). */
function formBody(description: string, properties: Record<string, SchemaObject>, required: readonly string[] = []) {
  return {
    description,
    required: true,
    content: {
      [FORM]: {
        schema: {
          type: 'object',
          properties,
          ...(required.length > 0 ? { required } : {}),
          additionalProperties: { type: 'string', description: 'Ignored (RFC 6749 §3.1).' },
        },
      },
    },
  };
}

const oauthError = (description: string, headers: Record<string, HeaderObject> = {}): ResponseObject => ({
  description,
  headers: { ...FORM_HEADERS, ...headers },
  content: { 'application/json': { schema: schemaRef('OAuthError') } },
});

/** What every form endpoint may answer besides its success: the OAuth error body, whatever the status. */
const ERRORS: Record<string, ResponseObject> = {
  400: oauthError(
    'invalid_request (a missing or repeated parameter, a body that is not urlencoded), invalid_grant, invalid_scope, invalid_target, unauthorized_client, unsupported_grant_type, ' +
      'and while a device code waits: authorization_pending, slow_down, access_denied, expired_token.',
    rateLimitHeaders(true),
  ),
  401: oauthError('invalid_client: the client is unknown, its secret is wrong or missing, or a public client sent one.', {
    ...rateLimitHeaders(true),
    'WWW-Authenticate': {
      description: 'Basic realm="dispatch", when the client authenticated with the Authorization header.',
      required: false,
      schema: { type: 'string', pattern: '^Basic ' },
    },
  }),
  413: oauthError('invalid_request: the body is over the size limit (1 MiB by default).'),
  415: oauthError('invalid_request: the body is not urlencoded, or has a Content-Encoding.'),
  429: oauthError('slow_down: this client address used up its OAuth requests for the window; wait Retry-After seconds.', {
    ...rateLimitHeaders(true),
    'Retry-After': retryAfter(true),
  }),
  500: oauthError('server_error: an unexpected failure; quote the X-Request-Id header when reporting it.'),
  503: oauthError('temporarily_unavailable: a store the request needs is unreachable, or the request ran past its time limit.', {
    'Retry-After': retryAfter(false),
  }),
};

function formOperation(spec: {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly requestBody: ReturnType<typeof formBody>;
  readonly success: ResponseObject;
}): OperationObject {
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags: ['oauth'],
    security: noCredential,
    requestBody: spec.requestBody,
    responses: { 200: { ...spec.success, headers: { ...FORM_HEADERS, ...rateLimitHeaders(true) } }, ...ERRORS },
  };
}

const json = (schemaName: string) => ({ 'application/json': { schema: schemaRef(schemaName) } });

export const oauthPaths: PathMap = {
  '/oauth/token': {
    post: formOperation({
      operationId: 'oauth.token',
      summary: 'Exchange a grant for tokens (RFC 6749 §3.2, RFC 8628 §3.4)',
      description:
        'grant_type authorization_code (with the PKCE code_verifier and the redirect_uri of the authorization request), ' +
        'urn:ietf:params:oauth:grant-type:device_code (poll with device_code every interval seconds), or refresh_token (rotates: the answer carries the next one). ' +
        'No implicit or password grant.',
      requestBody: formBody(
        'The grant and the client.',
        {
          grant_type: formText('The grant.', { enum: ['authorization_code', 'urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'] }),
          ...CLIENT_FIELDS,
          code: formText('authorization_code: the code from the redirect (single use, 60 s).'),
          redirect_uri: formText('authorization_code: the redirect_uri of the authorization request, exactly.'),
          code_verifier: formText('authorization_code: the PKCE verifier (S256).'),
          device_code: formText('device_code: the device_code from POST /oauth/device/authorize.'),
          refresh_token: formText('refresh_token: the latest refresh token.'),
          scope: formText('refresh_token: fewer scopes than the family holds (invalid_scope for more).'),
          resource: formText('RFC 8707: this API, if named (invalid_target for anything else).'),
        },
        ['grant_type'],
      ),
      success: { description: 'The tokens.', content: json('TokenResponse') },
    }),
  },
  '/oauth/device/authorize': {
    post: formOperation({
      operationId: 'oauth.deviceAuthorize',
      summary: 'Start the device flow (RFC 8628 §3.1)',
      description:
        'For a client registered for the device_code grant. The person approves user_code at verification_uri, signed in; the device polls POST /oauth/token.',
      requestBody: formBody('The client and what it asks for.', {
        ...CLIENT_FIELDS,
        scope: formText('Space-separated scopes; absent: every scope the client is registered for (invalid_scope beyond them).'),
        resource: formText('RFC 8707: this API, if named (invalid_target for anything else).'),
        workspace_id: formText('The workspace the approval page offers first.'),
      }),
      success: { description: 'The codes.', content: json('DeviceAuthorizationResponse') },
    }),
  },
  '/oauth/revoke': {
    post: formOperation({
      operationId: 'oauth.revoke',
      summary: 'Revoke a token (RFC 7009)',
      description:
        "The client authenticates (a failure is 401), then the answer is 200 whatever the token: one of this client's, access or refresh, revokes its whole family at once; " +
        "another client's, an unknown or a malformed one changes nothing. A request naming no token is a 400 invalid_request.",
      requestBody: formBody('The token and the client.', {
        token: formText('The access or refresh token (required: absent or empty is a 400 invalid_request).'),
        token_type_hint: formText('Ignored: the token says what it is.'),
        ...CLIENT_FIELDS,
      }),
      success: { description: 'Done, or nothing to do: an empty body.' },
    }),
  },
  '/oauth/introspect': {
    post: formOperation({
      operationId: 'oauth.introspect',
      summary: 'Is this token live? (RFC 7662)',
      description:
        'The token in the form (a client may authenticate: then only its own tokens are active to it) or as Authorization: Bearer (the holder asking about its own token; not both, unless the same). ' +
        'Anything not live is {"active": false} and nothing else.',
      requestBody: formBody('The token, and optionally the client.', {
        token: formText('The access or refresh token (required unless it is sent as the bearer header).'),
        token_type_hint: formText('Ignored: the token says what it is.'),
        ...CLIENT_FIELDS,
      }),
      success: { description: "The token's state.", content: json('IntrospectionResponse') },
    }),
  },
};
