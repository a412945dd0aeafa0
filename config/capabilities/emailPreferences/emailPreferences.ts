import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { EMAIL_PREFERENCE_OPERATIONS } from '../../../adapters/inbound/http/operations/meOperations';
import { MemoryEmailOptIns } from '../../../adapters/outbound/persistence/memory/MemoryEmailOptIns';
import { TypeOrmEmailOptIns } from '../../../adapters/outbound/persistence/typeorm/email/TypeOrmEmailOptIns';
import { ManageEmailPreferences } from '../../../application/me/ManageEmailPreferences';
import { type Capability } from '../Capability';
import { type EmailOptInStore, type EmailPreferences } from '../../../application/ports/EmailPreferences';
import { CORE_TOKENS } from '../../coreTokens';
import { token } from '../../Wiring';

/** The email preferences capability: its store, its use case and the port mailers consult. */
export const EMAIL_PREFERENCE_TOKENS = {
  /** People's email choices (docs/decisions.md, "The account surface"): EmailPreferences is the port every mailer consults first. */
  EmailOptInStore: token<EmailOptInStore>('EmailOptInStore'),
  ManageEmailPreferences: token<ManageEmailPreferences>('ManageEmailPreferences'),
  EmailPreferences: token<EmailPreferences>('EmailPreferences'),
};

const T = { ...CORE_TOKENS, ...EMAIL_PREFERENCE_TOKENS };

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
