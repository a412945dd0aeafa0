import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { API_KEY_OPERATIONS } from '../../../adapters/inbound/http/operations/apiKeyOperations';
import { ManageApiKeys } from '../../../application/admin/ManageApiKeys';
import { type Capability } from '../Capability';
import { CORE_TOKENS } from '../../coreTokens';
import { token } from '../../Wiring';

/** A workspace's API keys (`dsk_…`): issued, listed and revoked by the API and the CLI alike. */
export const API_KEY_TOKENS = {
  ManageApiKeys: token<ManageApiKeys>('ManageApiKeys'),
};

const T = { ...CORE_TOKENS, ...API_KEY_TOKENS };

/** API keys: the one use case behind the API's key operations, the CLI's `apikey` commands and the first start's key. */
export const API_KEYS: Capability = {
  name: 'apiKeys',
  bind({ wiring: w }) {
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
  },
  routes: (get) => ({ api: [apiRouter(API_KEY_OPERATIONS, get(T.ManageApiKeys))] }),
};
