import { type Container } from 'inversify';
import { AddConnection } from '../../application/admin/AddConnection';
import { BootstrapFirstStart } from '../../application/admin/BootstrapFirstStart';
import { CreateUser } from '../../application/admin/CreateUser';
import { CreateWorkspace } from '../../application/admin/CreateWorkspace';
import { IssueSession } from '../../application/admin/IssueSession';
import { ManageApiKeys } from '../../application/admin/ManageApiKeys';
import { ManageMembers } from '../../application/admin/ManageMembers';
import { AuthenticateBearer } from '../../application/auth/AuthenticateBearer';
import { AuthorizeWorkspace } from '../../application/auth/AuthorizeWorkspace';
import { ListConnections } from '../../application/connections/ListConnections';
import { CheckHealth } from '../../application/health/CheckHealth';
import { GetCurrentUser } from '../../application/me/GetCurrentUser';
import { ListMyWorkspaces } from '../../application/me/ListMyWorkspaces';
import { ChangePostLifecycle } from '../../application/posts/ChangePostLifecycle';
import { PostStore } from '../../application/posts/PostStore';
import { ReadPosts } from '../../application/posts/ReadPosts';
import { WritePosts } from '../../application/posts/WritePosts';
import { type Config } from '../env';
import { TOKENS as T } from '../tokens';

/** Use cases stay free of decorators: each is built here from the ports it names. */
export function bindUseCases(container: Container, config: Config): void {
  const bind = <A extends unknown[], R>(token: symbol, make: (...args: A) => R, deps: { [K in keyof A]: symbol }) =>
    container.bind<R>(token).toResolvedValue(make, deps as never).inSingletonScope();

  bind(T.AuthenticateBearer, (...a: ConstructorParameters<typeof AuthenticateBearer>) => new AuthenticateBearer(...a),
    [T.ApiKeyRepository, T.MembershipRepository, T.UserRepository, T.SecretHasher, T.SessionTokens, T.AccessTokenVerifier]);
  bind(T.AuthorizeWorkspace, (...a: ConstructorParameters<typeof AuthorizeWorkspace>) => new AuthorizeWorkspace(...a),
    [T.MembershipRepository]);
  bind(T.CheckHealth, (...a: ConstructorParameters<typeof CheckHealth>) => new CheckHealth(...a), [T.HealthChecks, T.Clock]);
  bind(T.GetCurrentUser, (...a: ConstructorParameters<typeof GetCurrentUser>) => new GetCurrentUser(...a), [T.UserRepository]);
  bind(T.ListMyWorkspaces, (...a: ConstructorParameters<typeof ListMyWorkspaces>) => new ListMyWorkspaces(...a),
    [T.MembershipRepository, T.WorkspaceRepository]);
  bind(T.ListConnections, (...a: ConstructorParameters<typeof ListConnections>) => new ListConnections(...a), [T.ConnectionRepository]);
  bind(T.CreateUser, (...a: ConstructorParameters<typeof CreateUser>) => new CreateUser(...a),
    [T.UserRepository, T.SecretHasher, T.IdGenerator, T.Clock]);
  bind(T.CreateWorkspace, (...a: ConstructorParameters<typeof CreateWorkspace>) => new CreateWorkspace(...a),
    [T.WorkspaceRepository, T.MembershipRepository, T.UserRepository, T.IdGenerator, T.Clock, T.UnitOfWork]);
  bind(T.ManageMembers, (...a: ConstructorParameters<typeof ManageMembers>) => new ManageMembers(...a),
    [T.WorkspaceRepository, T.MembershipRepository, T.UserRepository, T.Clock, T.ApiKeyRepository, T.UnitOfWork]);
  bind(T.ManageApiKeys, (...a: ConstructorParameters<typeof ManageApiKeys>) => new ManageApiKeys(...a),
    [T.ApiKeyRepository, T.WorkspaceRepository, T.MembershipRepository, T.UserRepository, T.SecretHasher, T.RandomSource, T.IdGenerator, T.Clock, T.UnitOfWork]);
  bind(T.AddConnection, (...a: ConstructorParameters<typeof AddConnection>) => new AddConnection(...a),
    [T.ConnectionRepository, T.WorkspaceRepository, T.IdGenerator, T.Clock]);
  container.bind(T.IssueSession).toResolvedValue(
    (users, sessions, ids) => new IssueSession(users as never, sessions as never, ids as never, config.sessionTtlSeconds),
    [T.UserRepository, T.SessionTokens, T.IdGenerator],
  ).inSingletonScope();
  bind(T.PostStore, (...a: ConstructorParameters<typeof PostStore>) => new PostStore(...a),
    [T.PostRepository, T.ConnectionRepository, T.PublishQueue, T.UnitOfWork]);
  bind(T.ReadPosts, (...a: ConstructorParameters<typeof ReadPosts>) => new ReadPosts(...a), [T.PostRepository, T.PostStore]);
  bind(T.WritePosts, (...a: ConstructorParameters<typeof WritePosts>) => new WritePosts(...a), [T.PostStore, T.IdGenerator, T.Clock]);
  bind(T.ChangePostLifecycle, (...a: ConstructorParameters<typeof ChangePostLifecycle>) => new ChangePostLifecycle(...a),
    [T.PostStore, T.IdGenerator, T.Clock]);
  bind(T.BootstrapFirstStart, (...a: ConstructorParameters<typeof BootstrapFirstStart>) => new BootstrapFirstStart(...a),
    [T.UserRepository, T.CreateUser, T.CreateWorkspace, T.ManageApiKeys, T.RandomSource, T.UnitOfWork]);
}
