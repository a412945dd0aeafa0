import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { EMAIL_PREFERENCE_OPERATIONS } from '../../../adapters/inbound/http/operations/meOperations';
import { MemoryEmailOptIns } from '../../../adapters/outbound/persistence/memory/MemoryEmailOptIns';
import { TypeOrmEmailOptIns } from '../../../adapters/outbound/persistence/typeorm/email/TypeOrmEmailOptIns';
import { ManageEmailPreferences } from '../../../application/me/ManageEmailPreferences';
import { TOKENS as T } from '../../tokens';
import { type Capability } from '../Capability';

/** People's email preferences: their store, the use case, and the port every mailer consults. */
export const EMAIL_PREFERENCES: Capability = {
  name: 'emailPreferences',
  bind({ wiring: w, stores }) {
    w.value(T.EmailOptInStore, stores.pick({ database: (ds) => new TypeOrmEmailOptIns(ds), memory: () => new MemoryEmailOptIns() }));
    w.construct(T.ManageEmailPreferences, ManageEmailPreferences, [T.EmailOptInStore, T.Clock]);
    w.build(T.EmailPreferences, [T.ManageEmailPreferences], (preferences) => preferences);
  },
  routes: (get) => ({ api: [apiRouter(EMAIL_PREFERENCE_OPERATIONS, get(T.ManageEmailPreferences))] }),
};
