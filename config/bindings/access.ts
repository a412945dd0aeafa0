import { AddConnection } from '../../application/admin/AddConnection';
import { BootstrapFirstStart } from '../../application/admin/BootstrapFirstStart';
import { CreateUser } from '../../application/admin/CreateUser';
import { CreateWorkspace } from '../../application/admin/CreateWorkspace';
import { IssueSession } from '../../application/admin/IssueSession';
import { ManageMembers } from '../../application/admin/ManageMembers';
import { OperatorListings } from '../../application/admin/OperatorListings';
import { ResetPassword } from '../../application/admin/ResetPassword';
import { AuthenticateBearer } from '../../application/auth/AuthenticateBearer';
import { AuthorizeWorkspace } from '../../application/auth/AuthorizeWorkspace';
import { ReadSandboxPost } from '../../application/sandbox/ReadSandboxPost';
import { SandboxMediaViews } from '../../application/sandbox/SandboxMediaViews';
import { CheckHealth } from '../../application/health/CheckHealth';
import { TOKENS as T } from '../tokens';
import { type Wiring } from '../Wiring';

/**
 * What the capabilities share, bound from the ports each constructor names (the compiler checks
 * each list): the bearer check and workspace access, health, the sandbox pages, and the
 * operator's use cases behind the CLI and the first start.
 */
export function bindAccess(w: Wiring): void {
  w.construct(T.AuthenticateBearer, AuthenticateBearer, [
    T.ApiKeyCredentials,
    T.UserRepository,
    T.SecretHasher,
    T.SessionTokens,
    T.AccessTokenVerifier,
    T.SessionStore,
    T.Clock,
  ]);
  w.construct(T.AuthorizeWorkspace, AuthorizeWorkspace, [T.MembershipRepository]);
  w.construct(T.CheckHealth, CheckHealth, [T.HealthChecks, T.Clock, T.Timers]);
  w.construct(T.SandboxMediaViews, SandboxMediaViews, [T.MediaRepository, T.MediaLinks, T.MediaFrames, T.Logger]);
  w.construct(T.ReadSandboxPost, ReadSandboxPost, [T.SandboxPosts, T.SandboxMediaViews, T.ConnectionRepository]);
  w.construct(T.CreateUser, CreateUser, [T.UserRepository, T.SecretHasher, T.IdGenerator, T.Clock]);
  w.construct(T.CreateWorkspace, CreateWorkspace, [T.WorkspaceRepository, T.MembershipRepository, T.UserRepository, T.IdGenerator, T.Clock, T.UnitOfWork]);
  w.construct(T.ManageMembers, ManageMembers, [
    T.WorkspaceRepository,
    T.MembershipRepository,
    T.UserRepository,
    T.Clock,
    T.ApiKeyRepository,
    T.UnitOfWork,
    T.TokenGrants,
  ]);
  w.construct(T.AddConnection, AddConnection, [T.ConnectionRepository, T.WorkspaceRepository, T.IdGenerator, T.Clock]);
  w.construct(T.IssueSession, IssueSession, [T.UserRepository, T.SessionTokens, T.SessionStore, T.IdGenerator, T.Clock, T.SessionTtlSeconds]);
  w.construct(T.ResetPassword, ResetPassword, [T.UserRepository, T.SessionStore, T.SecretHasher, T.RandomSource, T.Clock, T.UnitOfWork]);
  w.construct(T.OperatorListings, OperatorListings, [
    T.UserRepository,
    T.MembershipRepository,
    T.WorkspaceRepository,
    T.ApiKeyRepository,
    T.ConnectionRepository,
  ]);
  w.construct(T.BootstrapFirstStart, BootstrapFirstStart, [
    T.UserRepository,
    T.CreateUser,
    T.CreateWorkspace,
    T.ManageApiKeys,
    T.AddConnection,
    T.WritePosts,
    T.RandomSource,
    T.UnitOfWork,
  ]);
}
