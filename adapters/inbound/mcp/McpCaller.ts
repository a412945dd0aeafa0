import { type WorkspaceAccess } from '../../../domain/credential/AccessDecision';
import { boundWorkspaceOf, type Credential } from '../../../domain/credential/Credential';
import { type Scope } from '../../../domain/credential/Scope';
import { type PostActor } from '../../../application/posts/PostRequest';
import { actorOf } from '../http/routers/postActor';
import { type McpUseCases } from './McpUseCases';
import { invalidArguments } from './toolArguments';

/**
 * Who calls the MCP server, for one HTTP request: the credential the chain verified. Every
 * workspace operation goes through the same access check as the API's routes (workspaceAccess:
 * the live role's ceiling, the credential's workspace binding, the scope the operation needs).
 */
export class McpCaller {
  constructor(
    readonly credential: Credential,
    readonly requestId: string,
    private readonly useCases: McpUseCases,
  ) {}

  /** The workspace a call names, or the one the credential is bound to (an OAuth token, an API key). */
  workspaceOf(named: string | undefined): string {
    const workspaceId = named ?? boundWorkspaceOf(this.credential);
    if (workspaceId === null) throw invalidArguments('workspaceId', 'is required: this credential is bound to no workspace (list_workspaces names yours)');
    return workspaceId;
  }

  /** The caller's live access to the workspace, needing `scope` (null: membership only), as the API's routes check it. */
  access(workspaceId: string | undefined, scope: Scope | null): Promise<WorkspaceAccess> {
    return this.useCases.authorize.execute(this.credential, this.workspaceOf(workspaceId), scope);
  }

  /** The posts use cases' view of the caller, exactly as the API's routes make it. */
  async actor(workspaceId: string | undefined, scope: Scope | null): Promise<PostActor> {
    const access = await this.access(workspaceId, scope);
    return actorOf({ state: { requestId: this.requestId, credential: this.credential, access } });
  }

  /** The caller of one API operation: every access check needs the scope its OpenAPI security names. */
  forOperation(scope: Scope | null): OperationCaller {
    return {
      credential: this.credential,
      access: (workspaceId) => this.access(workspaceId, scope),
      actor: (workspaceId) => this.actor(workspaceId, scope),
    };
  }

  /** Every scope the credential has anywhere: which tools tools/list offers. */
  scopes(): Promise<ReadonlySet<Scope>> {
    return this.useCases.scopes.of(this.credential);
  }
}

/** What a tool sees of its caller: access checks already bound to its operation's scope. */
export interface OperationCaller {
  readonly credential: Credential;
  access(workspaceId: string | undefined): Promise<WorkspaceAccess>;
  actor(workspaceId: string | undefined): Promise<PostActor>;
}
