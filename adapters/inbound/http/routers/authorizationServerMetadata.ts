import { ALL_SCOPES } from '../../../../domain/credential/Scope';

const CLIENT_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];

/**
 * RFC 8414 metadata of the service's own authorization server. The issuer is BASE_URL; clients
 * are registered by the operator only, so there is no registration_endpoint.
 */
export function authorizationServerMetadata(baseUrl: string) {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/oauth/authorize`,
    token_endpoint: `${baseUrl}/oauth/token`,
    device_authorization_endpoint: `${baseUrl}/oauth/device/authorize`,
    revocation_endpoint: `${baseUrl}/oauth/revoke`,
    introspection_endpoint: `${baseUrl}/oauth/introspect`,
    jwks_uri: `${baseUrl}/.well-known/jwks.json`,
    scopes_supported: [...ALL_SCOPES],
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    introspection_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
  };
}
