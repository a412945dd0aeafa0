import { normalizeEmail } from '../../domain/shared/Email';
import { notFound } from '../../domain/shared/DomainError';
import { type User } from '../../domain/user/User';
import { type UserRepository } from '../../domain/user/UserRepository';
import { type Workspace } from '../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';

export async function userByEmail(users: UserRepository, email: string): Promise<User> {
  const user = await users.findByEmail(normalizeEmail(email));
  if (user === null) throw notFound('User');
  return user;
}

export async function workspaceById(workspaces: WorkspaceRepository, id: string): Promise<Workspace> {
  const workspace = await workspaces.findById(id);
  if (workspace === null) throw notFound('Workspace');
  return workspace;
}
