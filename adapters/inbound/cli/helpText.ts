import { PLATFORMS } from '../../../domain/platform/Platform';
import { ALL_SCOPES } from '../../../domain/credential/Scope';
import { ROLES } from '../../../domain/workspace/Role';

export const HELP_TEXT = `Dispatch operator command line

Usage: npm run -s admin -- <command> [flags] [--json]

Commands:
  user create       --email E --password P [--name N]
  workspace create  --name N --owner E
  member add        --workspace W --email E --role R
  member set-role   --workspace W --email E --role R
  member remove     --workspace W --email E
  apikey create     --workspace W --email E --role R [--scopes "a b"] [--name N]
                    prints the key (dsk_...) once; only its hash is stored
  apikey revoke     --id ID
  connection add    --workspace W --platform P --handle H [--name N] [--sandbox true|false]
                    a sandbox connection by default: it publishes into this service's own
                    database, each post served at BASE_URL/sandbox/posts/{id}
  session issue     --email E [--ttl SECONDS]
  session revoke    --id SESSION_ID
                    the session's token is refused from the next request on
  help, --help, -h  this text (also with no command); needs no database

Values:
  roles      ${ROLES.join(', ')}
  scopes     ${ALL_SCOPES.join(' ')}
             (space-separated; default: every scope of the key's role)
  platforms  ${PLATFORMS.join(', ')} (any case)
  Flags are written --flag value or --flag=value (use the latter for a value starting with --).

Output:
  Without --json: one human-readable line on stdout.
  With --json: exactly one JSON object on stdout; timestamps are ISO 8601 strings.
    user create       {"user":{"id","email","name","createdAt"}}
    workspace create  {"workspace":{"id","name","createdAt"},"owner":{"userId","email","role"}}
    member ...        {"membership":{"workspaceId","userId","role"}} (remove adds "removed":true)
    apikey create     {"apiKey":{"id","name","workspaceId","userId","role","scopes","createdAt"},"key"}
    apikey revoke     {"apiKey":{"id","revokedAt"}}
    connection add    {"connection":{"id","workspaceId","platform","handle","displayName","status","sandbox","createdAt"}}
    session issue     {"token","expiresAt","userId","sessionId"}
    session revoke    {"revoked":"<session id>"}
    help              {"help":"<this text>"}
  Errors: one line on stderr ("error: ..."); with --json {"error":{"code","message"}} on stderr.

Exit codes:
  0  done
  1  refused: the operation ran and was refused (an invalid email, role, scope or platform,
     an unknown user, workspace or key, the last owner leaving, ...)
  2  usage: the command line is malformed (unknown command or flag, a missing flag or value,
     a bad --ttl); nothing ran
`;
