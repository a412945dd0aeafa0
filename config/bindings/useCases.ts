import { AddConnection } from '../../application/admin/AddConnection';
import { BootstrapFirstStart } from '../../application/admin/BootstrapFirstStart';
import { CreateUser } from '../../application/admin/CreateUser';
import { CreateWorkspace } from '../../application/admin/CreateWorkspace';
import { IssueSession } from '../../application/admin/IssueSession';
import { ManageApiKeys } from '../../application/admin/ManageApiKeys';
import { ManageMembers } from '../../application/admin/ManageMembers';
import { OperatorListings } from '../../application/admin/OperatorListings';
import { ResetPassword } from '../../application/admin/ResetPassword';
import { AuthenticateBearer } from '../../application/auth/AuthenticateBearer';
import { AuthorizeWorkspace } from '../../application/auth/AuthorizeWorkspace';
import { ListConnections } from '../../application/connections/ListConnections';
import { ListTargetAttempts } from '../../application/publishing/ListTargetAttempts';
import { ReadSandboxPost } from '../../application/sandbox/ReadSandboxPost';
import { SandboxMediaViews } from '../../application/sandbox/SandboxMediaViews';
import { CheckHealth } from '../../application/health/CheckHealth';
import { GetCurrentUser } from '../../application/me/GetCurrentUser';
import { ListMyWorkspaces } from '../../application/me/ListMyWorkspaces';
import { ChangePostLifecycle } from '../../application/posts/ChangePostLifecycle';
import { PostStore } from '../../application/posts/PostStore';
import { ReadPosts } from '../../application/posts/ReadPosts';
import { WritePosts } from '../../application/posts/WritePosts';
import { ImportPosts } from '../../application/posts/ImportPosts';
import { PostRehearsal } from '../../application/posts/PostRehearsal';
import { PostWarnings } from '../../application/posts/PostWarnings';
import { ValidatePost } from '../../application/posts/ValidatePost';
import { TOKENS as T } from '../tokens';
import { type Wiring } from '../Wiring';

/** Each use case from the ports its constructor names, in order (the compiler checks each list). */
export function bindUseCases(w: Wiring): void {
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
  w.construct(T.GetCurrentUser, GetCurrentUser, [T.UserRepository]);
  w.construct(T.ListMyWorkspaces, ListMyWorkspaces, [T.MembershipRepository, T.WorkspaceRepository]);
  w.construct(T.ListConnections, ListConnections, [T.ConnectionRepository]);
  w.construct(T.ListTargetAttempts, ListTargetAttempts, [T.PostViews, T.AttemptLog]);
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
  w.construct(T.ManageApiKeys, ManageApiKeys, [
    T.ApiKeyRepository,
    T.WorkspaceRepository,
    T.MembershipRepository,
    T.UserRepository,
    T.SecretHasher,
    T.RandomSource,
    T.IdGenerator,
    T.Clock,
    T.UnitOfWork,
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
  w.construct(T.PostStore, PostStore, [T.PostRepository, T.ConnectionRepository, T.PublishQueue, T.UnitOfWork, T.MediaRepository, T.EventSink, T.QueueSlots]);
  w.construct(T.ReadPosts, ReadPosts, [T.PostViews, T.PostRepository]);
  w.construct(T.WritePosts, WritePosts, [T.PostStore, T.IdGenerator, T.Clock, T.QueuedTargets]);
  w.construct(T.PostRehearsal, PostRehearsal, [T.WritePosts, T.PostStore]);
  w.construct(T.PostWarnings, PostWarnings, [T.ConnectionRepository, T.AttemptLog, T.PostViews]);
  w.construct(T.ValidatePost, ValidatePost, [T.PostRehearsal, T.PostWarnings, T.Clock]);
  w.construct(T.ImportPosts, ImportPosts, [T.WritePosts, T.PostStore, T.PostRehearsal]);
  w.construct(T.ChangePostLifecycle, ChangePostLifecycle, [T.PostStore, T.IdGenerator, T.Clock]);
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
