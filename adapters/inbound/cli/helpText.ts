import { ACCEPTED_PLATFORM_NAMES } from '../../../domain/platform/Platform';
import { ALL_SCOPES } from '../../../domain/credential/Scope';
import { CLIENT_GRANTS } from '../../../domain/oauth/OAuthClient';
import { ROLES } from '../../../domain/workspace/Role';

export const HELP_TEXT = `Dispatch operator command line

Usage: npm run -s admin -- <command> [flags] [--json]

Commands:
  user create       --email E --password P [--name N]
  user list         every user, oldest first, with each workspace they belong to and their role
  user reset-password --email E
                    a new random password, printed once (only its hash is stored); every
                    live session of the user (sign-ins and session tokens) is revoked
  workspace create  --name N --owner E
  member add        --workspace W --email E --role R
  member set-role   --workspace W --email E --role R
  member remove     --workspace W --email E
  apikey create     --workspace W --email E --role R [--scopes "a b"] [--name N]
                    prints the key (dsk_...) once; only its hash is stored
  apikey list       --workspace W
                    the workspace's keys, revoked ones included (never a key: only its hash is kept)
  apikey revoke     --id ID
  connection add    --workspace W --platform P --handle H [--name N] [--sandbox true|false]
                    a sandbox connection by default: it publishes into this service's own
                    database, each post served at BASE_URL/sandbox/posts/{id}; a live one of the
                    same platform and handle already there is kept, not added again
  connection list   --workspace W
                    the workspace's connected accounts: platform, handle, status
  session issue     --email E [--ttl SECONDS]
  session revoke    --id SESSION_ID
                    the session's token is refused from the next request on
  client register   --client-id ID --name N --scope "a b" --grant G [--redirect-uri URI] [--confidential]
                    an OAuth client; --grant and --redirect-uri may be repeated (the code
                    grant needs a redirect URI); a confidential client's secret (dcs_...) is
                    printed once, only its hash is stored; a public one uses PKCE only
  client list       every registered OAuth client
  client remove     --client-id ID
                    the client and every grant it holds
  keys rotate       removes retired signing keys whose tokens have all expired, then adds a
                    key: published in /.well-known/jwks.json at once, signing an hour later
  keys list         each signing key: kid, created, activates, published|signing|retired
  help, --help, -h  this text (also with no command); needs no database

Values:
  roles      ${ROLES.join(', ')}
  scopes     ${ALL_SCOPES.join(' ')}
             (space-separated; default: every scope of the key's role)
  platforms  ${ACCEPTED_PLATFORM_NAMES}
  grants     ${CLIENT_GRANTS.join(', ')}
  Flags are written --flag value or --flag=value (use the latter for a value starting with --).

Output:
  Without --json: one human-readable line on stdout (the list commands: one per item).
  With --json: exactly one JSON object on stdout; timestamps are ISO 8601 strings.
    user create       {"user":{"id","email","name","createdAt"}}
    user list         {"users":[{"id","email","name","createdAt","workspaces":[{"id","name","role"}...]}...]}
    user reset-password {"user":<user>,"password","sessionsRevoked"}
    workspace create  {"workspace":{"id","name","createdAt"},"owner":{"userId","email","role"}}
    member ...        {"membership":{"workspaceId","userId","role"}} (remove adds "removed":true)
    apikey create     {"apiKey":{"id","name","workspaceId","userId","role","scopes","createdAt"},"key"}
    apikey list       {"apiKeys":[{"id","name","workspaceId","userId","email","role","scopes","createdAt","revokedAt"}...]}
    apikey revoke     {"apiKey":{"id","revokedAt"}}
    connection add    {"connection":{"id","workspaceId","platform","handle","displayName","status","sandbox","createdAt"},"created"}
    connection list   {"connections":[<connection>...]}
    session issue     {"token","expiresAt","userId","sessionId"}
    session revoke    {"revoked":"<session id>"}
    client register   {"client":{"clientId","name","redirectUris","grants","scopes","confidential","createdAt"}}
                      (a confidential client adds "clientSecret")
    client list       {"clients":[<client>...]}
    client remove     {"removed":"<client id>"}
    keys rotate       {"key":<key>,"pruned":["<kid>"...]}
    keys list         {"keys":[{"kid","status","createdAt","activatesAt","removableAfter"}...]}
    help              {"help":"<this text>"}
  Errors: one line on stderr ("error: ..."); with --json {"error":{"code","message"}} on stderr.

Exit codes:
  0  done
  1  refused: the operation ran and was refused (an invalid email, role, scope, grant or
     platform, an unknown user, workspace, key or client, the last owner leaving, ...)
  2  usage: the command line is malformed (unknown command or flag, a missing flag or value,
     a bad --ttl); nothing ran
`;
