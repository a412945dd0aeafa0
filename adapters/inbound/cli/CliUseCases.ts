import { type AddConnection } from '../../../application/admin/AddConnection';
import { type CreateUser } from '../../../application/admin/CreateUser';
import { type CreateWorkspace } from '../../../application/admin/CreateWorkspace';
import { type IssueSession } from '../../../application/admin/IssueSession';
import { type ManageApiKeys } from '../../../application/admin/ManageApiKeys';
import { type ManageMembers } from '../../../application/admin/ManageMembers';
import { type OperatorListings } from '../../../application/admin/OperatorListings';
import { type ResetPassword } from '../../../application/admin/ResetPassword';
import { type ManageClients } from '../../../application/oauth/ManageClients';
import { type SigningKeyAdmin } from './SigningKeyAdmin';

/** The operator use cases the command line drives; the composition root builds them. */
export interface CliUseCases {
  createUser: CreateUser;
  createWorkspace: CreateWorkspace;
  members: ManageMembers;
  apiKeys: ManageApiKeys;
  addConnection: AddConnection;
  issueSession: IssueSession;
  /** `user list`, `apikey list`, `connection list`. */
  listings: OperatorListings;
  resetPassword: ResetPassword;
  /** The OAuth clients (`client register | list | remove`). */
  clients: ManageClients;
  signingKeys: SigningKeyAdmin;
}
