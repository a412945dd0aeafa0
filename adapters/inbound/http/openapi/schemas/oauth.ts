import { OAUTH_ERROR_CODES } from '../../chains/oauthErrors';
import { type SchemaMap } from '../types';
import { closedObject } from './building';

/** A space-separated list of scopes (RFC 6749 §3.3), each one of components.schemas.Scope. */
const scopeList = {
  type: 'string',
  pattern: '^[a-z:]+( [a-z:]+)*$|^$',
  description: 'Space-separated scopes, each a value of Scope.',
} as const;

const seconds = (description: string) => ({ type: 'integer', minimum: 0, description }) as const;

/** The bodies of the OAuth endpoints (`/oauth/*`, the form chain): the specifications' own shapes, not the API's envelope. */
export const oauthSchemas: SchemaMap = {
  OAuthError: closedObject({
    description:
      "RFC 6749 §5.2 error body, every non-2xx answer of the OAuth endpoints (never the API's Error envelope; the request id is in X-Request-Id only). " +
      'A 429 is slow_down: a polling client already backs off on it.',
    properties: {
      error: { type: 'string', enum: [...OAUTH_ERROR_CODES] },
      error_description: {
        type: 'string',
        pattern: '^[\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]*$',
        description: 'Human-readable; printable ASCII without " and \\ (RFC 6749 §5.2).',
      },
    },
  }),
  TokenResponse: closedObject({
    description:
      'RFC 6749 §5.1: an access token (an RFC 9068 JWT, ES256, bound to one workspace), and a refresh token for a client registered for refresh_token.',
    properties: {
      access_token: {
        type: 'string',
        pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
        description: 'A signed JWT (typ at+jwt); send it as Authorization: Bearer.',
      },
      token_type: { type: 'string', const: 'Bearer' },
      expires_in: seconds('Seconds the access token is valid (600 by default); revoking its family ends it sooner.'),
      refresh_token: {
        type: 'string',
        pattern: '^dsr_[A-Za-z0-9_-]+$',
        description: 'Opaque, single-use: every refresh answers a new one; a second use of an old one revokes the whole family.',
      },
      scope: { ...scopeList, description: 'The scopes the token carries: those granted, narrowed to what the live role allows.' },
    },
    optional: ['refresh_token'],
  }),
  DeviceAuthorizationResponse: closedObject({
    description: 'RFC 8628 §3.2: poll POST /oauth/token with device_code, no sooner than every interval seconds, while the person approves user_code.',
    properties: {
      device_code: { type: 'string', minLength: 1, description: 'Secret to the device: 256 random bits.' },
      user_code: {
        type: 'string',
        pattern: '^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$',
        description: 'What the person types at verification_uri.',
      },
      verification_uri: { type: 'string', format: 'uri', description: 'BASE_URL/device.' },
      verification_uri_complete: { type: 'string', format: 'uri', description: 'verification_uri with the user code filled in.' },
      expires_in: seconds('Seconds the codes are valid.'),
      interval: { type: 'integer', minimum: 1, description: 'Seconds between polls (5); a sooner poll is slow_down.' },
    },
  }),
  IntrospectionResponse: {
    description: 'RFC 7662 §2.2: {"active": false} and nothing else for any token that is not live (or, asked by a client, not its own).',
    oneOf: [
      closedObject({ properties: { active: { type: 'boolean', const: false } } }),
      closedObject({
        description: 'A live access token (token_type Bearer) or refresh token (token_type refresh_token).',
        properties: {
          active: { type: 'boolean', const: true },
          token_type: { type: 'string', enum: ['Bearer', 'refresh_token'] },
          scope: scopeList,
          client_id: { type: 'string', minLength: 1 },
          sub: { type: 'string', minLength: 1, description: 'The user the token acts for.' },
          aud: { type: 'string', format: 'uri', description: 'The resource the access token is for: the API.' },
          iss: { type: 'string', format: 'uri', description: 'BASE_URL.' },
          iat: seconds('When the access token was issued (seconds since the epoch).'),
          exp: seconds('When the token expires (seconds since the epoch); for a refresh token, when it dies unused.'),
          workspace_id: { type: 'string', minLength: 1, description: 'The one workspace the grant is for.' },
        },
        optional: ['aud', 'iat'],
      }),
    ],
  },
};
