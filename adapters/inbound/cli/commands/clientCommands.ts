import { parseScopes } from '../../../../domain/credential/Scope';
import { CLIENT_GRANTS, type ClientGrant, type OAuthClient } from '../../../../domain/oauth/OAuthClient';
import { validationError } from '../../../../domain/shared/DomainError';
import { type CliCommand } from '../CliCommand';

function parseGrants(raw: readonly string[]): ClientGrant[] {
  const unknown = raw.filter((g) => !(CLIENT_GRANTS as readonly string[]).includes(g));
  if (unknown.length > 0)
    throw validationError('invalid_grant_type', [{ path: 'grant', message: `${unknown.join(', ')}: must be one of ${CLIENT_GRANTS.join(', ')}` }]);
  return raw as ClientGrant[];
}

/** What is printed of a client: never its secret hash. */
function viewOf(client: OAuthClient) {
  const { clientId, name, redirectUris, grants, scopes, createdAt } = client.toSnapshot();
  return {
    clientId,
    name,
    redirectUris: [...redirectUris],
    grants: [...grants],
    scopes: [...scopes],
    confidential: client.isConfidential,
    createdAt: createdAt.toISOString(),
  };
}

const lineOf = (c: ReturnType<typeof viewOf>) =>
  `${c.clientId} "${c.name}" ${c.confidential ? 'confidential' : 'public'}; grants ${c.grants.join(' ')}; scopes ${c.scopes.join(' ')}; redirect URIs ${c.redirectUris.join(' ') || '(none)'}`;

/** A confidential client's secret is printed here only: just its hash is stored. */
const registerClient: CliCommand = {
  group: 'client',
  action: 'register',
  required: ['client-id', 'name', 'grant', 'scope'],
  optional: ['redirect-uri'],
  switches: ['confidential'],
  async run(flags, { clients }) {
    const { client, secret } = await clients.register({
      clientId: flags.required('client-id'),
      name: flags.required('name'),
      redirectUris: flags.all('redirect-uri'),
      grants: parseGrants(flags.all('grant')),
      scopes: parseScopes(flags.required('scope'), 'scope'),
      confidential: flags.has('confidential'),
    });
    const view = viewOf(client);
    return secret === null
      ? { json: { client: view }, text: `registered client ${lineOf(view)}` }
      : { json: { client: view, clientSecret: secret }, text: `registered client ${lineOf(view)}; its secret, shown only now: ${secret}` };
  },
};

const listClients: CliCommand = {
  group: 'client',
  action: 'list',
  required: [],
  optional: [],
  async run(_flags, { clients }) {
    const views = (await clients.list()).map(viewOf);
    return { json: { clients: views }, text: views.length === 0 ? 'no clients registered' : views.map(lineOf).join('\n') };
  },
};

const removeClient: CliCommand = {
  group: 'client',
  action: 'remove',
  required: ['client-id'],
  optional: [],
  async run(flags, { clients }) {
    const clientId = flags.required('client-id');
    await clients.remove(clientId);
    return { json: { removed: clientId }, text: `removed client ${clientId} and every grant it held` };
  },
};

export const clientCommands: readonly CliCommand[] = [registerClient, listClients, removeClient];
