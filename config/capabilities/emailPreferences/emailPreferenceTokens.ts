import { type ManageEmailPreferences } from '../../../application/me/ManageEmailPreferences';
import { type EmailOptInStore, type EmailPreferences } from '../../../application/ports/EmailPreferences';
import { token } from '../../Wiring';

/** The email preferences capability: its store, its use case and the port mailers consult. */
export const EMAIL_PREFERENCE_TOKENS = {
  /** People's email choices (docs/decisions.md, "The account surface"): EmailPreferences is the port every mailer consults first. */
  EmailOptInStore: token<EmailOptInStore>('EmailOptInStore'),
  ManageEmailPreferences: token<ManageEmailPreferences>('ManageEmailPreferences'),
  EmailPreferences: token<EmailPreferences>('EmailPreferences'),
};
