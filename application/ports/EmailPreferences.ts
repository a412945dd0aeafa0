import { type EmailKind, type EmailOptIns } from '../../domain/email/EmailOptIns';

/**
 * The one question every email the service sends asks first (docs/decisions.md, "The account
 * surface"): may this person receive this kind of email? A mailer sends nothing it answers false to.
 */
export interface EmailPreferences {
  allows(userId: string, kind: EmailKind): Promise<boolean>;
}

/** Where people's choices are kept: one row per person who ever chose (none: the defaults). */
export interface EmailOptInStore {
  find(userId: string): Promise<EmailOptIns | null>;
  save(userId: string, optIns: EmailOptIns, updatedAt: Date): Promise<void>;
}
