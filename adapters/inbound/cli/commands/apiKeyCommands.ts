import { parseScopes } from '../../../../domain/credential/Scope';
import { parseRole } from '../../../../domain/workspace/Role';
import { type CliCommand } from '../CliCommand';

const createApiKey: CliCommand = {
  group: 'apikey',
  action: 'create',
  required: ['workspace', 'email', 'role'],
  optional: ['scopes', 'name'],
  async run(flags, { apiKeys }) {
    const rawScopes = flags.optional('scopes');
    const { apiKey, secret } = await apiKeys.create({
      workspaceId: flags.required('workspace'),
      email: flags.required('email'),
      role: parseRole(flags.required('role')),
      scopes: rawScopes === undefined ? undefined : parseScopes(rawScopes),
      name: flags.optional('name'),
    });
    return {
      json: {
        apiKey: {
          id: apiKey.id,
          name: apiKey.name,
          workspaceId: apiKey.workspaceId,
          userId: apiKey.userId,
          role: apiKey.role,
          scopes: [...apiKey.scopes],
          createdAt: apiKey.createdAt.toISOString(),
        },
        key: secret,
      },
      text: `created API key ${apiKey.id} (${apiKey.role}: ${apiKey.scopes.join(' ')}); the key, shown only now: ${secret}`,
    };
  },
};

/** Prints the id and the revocation time only: the key itself is never shown again. */
const revokeApiKey: CliCommand = {
  group: 'apikey',
  action: 'revoke',
  required: ['id'],
  optional: [],
  async run(flags, { apiKeys }) {
    const apiKey = await apiKeys.revoke(flags.required('id'));
    const revokedAt = apiKey.revokedAt!.toISOString();
    return { json: { apiKey: { id: apiKey.id, revokedAt } }, text: `revoked API key ${apiKey.id} at ${revokedAt}` };
  },
};

/** The workspace's keys, revoked ones included: never a key itself (only its hash is kept). */
const listApiKeys: CliCommand = {
  group: 'apikey',
  action: 'list',
  required: ['workspace'],
  optional: [],
  async run(flags, { listings }) {
    const keys = (await listings.listApiKeys(flags.required('workspace'))).map(({ apiKey, email }) => ({
      id: apiKey.id,
      name: apiKey.name,
      workspaceId: apiKey.workspaceId,
      userId: apiKey.userId,
      email,
      role: apiKey.role,
      scopes: [...apiKey.scopes],
      createdAt: apiKey.createdAt.toISOString(),
      revokedAt: apiKey.revokedAt?.toISOString() ?? null,
    }));
    const lineOf = (k: (typeof keys)[number]) =>
      `${k.id} "${k.name}" ${k.role} as ${k.email ?? k.userId}: ${k.scopes.join(' ')}; ${k.revokedAt === null ? 'active' : `revoked ${k.revokedAt}`}`;
    return { json: { apiKeys: keys }, text: keys.length === 0 ? 'no API keys in this workspace' : keys.map(lineOf).join('\n') };
  },
};

export const apiKeyCommands: readonly CliCommand[] = [createApiKey, listApiKeys, revokeApiKey];
