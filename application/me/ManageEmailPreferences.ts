import { allowsKind, DEFAULT_EMAIL_OPT_INS, type EmailKind, type EmailOptIns } from '../../domain/email/EmailOptIns';
import { type Clock } from '../ports/Clock';
import { type EmailOptInStore, type EmailPreferences } from '../ports/EmailPreferences';

/**
 * me.emailPreferences and me.updateEmailPreferences: a person's own choices, whatever
 * credential they use; and the EmailPreferences port a mailer consults before sending.
 */
export class ManageEmailPreferences implements EmailPreferences {
  constructor(
    private readonly store: EmailOptInStore,
    private readonly clock: Clock,
  ) {}

  async read(userId: string): Promise<EmailOptIns> {
    return (await this.store.find(userId)) ?? DEFAULT_EMAIL_OPT_INS;
  }

  /** Both choices, as PUT replaces the whole resource. */
  async replace(userId: string, optIns: EmailOptIns): Promise<EmailOptIns> {
    const chosen = { productLifecycleEnabled: optIns.productLifecycleEnabled, marketingEnabled: optIns.marketingEnabled };
    await this.store.save(userId, chosen, this.clock.now());
    return chosen;
  }

  async allows(userId: string, kind: EmailKind): Promise<boolean> {
    return allowsKind(await this.read(userId), kind);
  }
}
