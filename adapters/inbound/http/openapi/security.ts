import { type SecurityRequirement } from './types';

export const BEARER_SCHEME = 'bearer';

export const securitySchemes = {
  [BEARER_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description: [
      'Authorization: Bearer <token>, one scheme for three kinds of credential:',
      '- API key: `dsk_` + 43 base64url characters. Bound to one workspace, with a role frozen at creation and narrowed scopes; stops working when revoked or when its creator leaves the workspace.',
      "- OAuth access token: issued by the service's own authorization server (device flow, authorization code + PKCE); workspace binding and granted scopes come from its signed claims.",
      "- First-party session: a session JWT signed by the service; the user's live identity with the full scope ceiling of the role.",
      'Effective access in a workspace = granted scopes ∩ the ceiling of the live role; membership is checked on every request.',
      "The scopes listed in an operation's security requirement are the ones it needs (none: any valid credential).",
    ].join('\n'),
  },
} as const;

/** The operation needs a valid bearer credential holding `scope` (null: any valid credential). */
export const bearer = (scope: string | null): SecurityRequirement[] => [{ [BEARER_SCHEME]: scope === null ? [] : [scope] }];

/** The operation takes no credential. */
export const noCredential: SecurityRequirement[] = [];
