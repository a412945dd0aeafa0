import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { ME_OPERATIONS } from '../../../adapters/inbound/http/operations/meOperations';
import { GetCurrentUser } from '../../../application/me/GetCurrentUser';
import { ListMyWorkspaces } from '../../../application/me/ListMyWorkspaces';
import { type Capability } from '../Capability';
import { CORE_TOKENS } from '../../coreTokens';
import { token } from '../../Wiring';

/** The caller's own account: who they are and the workspaces they belong to. */
export const ME_TOKENS = {
  GetCurrentUser: token<GetCurrentUser>('GetCurrentUser'),
  ListMyWorkspaces: token<ListMyWorkspaces>('ListMyWorkspaces'),
};

const T = { ...CORE_TOKENS, ...ME_TOKENS };

/** `GET /v1/me` and the caller's workspaces, read from the shared user and membership stores. */
export const ME: Capability = {
  name: 'me',
  bind({ wiring: w }) {
    w.construct(T.GetCurrentUser, GetCurrentUser, [T.UserRepository]);
    w.construct(T.ListMyWorkspaces, ListMyWorkspaces, [T.MembershipRepository, T.WorkspaceRepository]);
  },
  routes: (get) => ({ api: [apiRouter(ME_OPERATIONS, { getCurrentUser: get(T.GetCurrentUser), listMyWorkspaces: get(T.ListMyWorkspaces) })] }),
};
