import { type EmailOptInStore } from '../../../../application/ports/EmailPreferences';
import { type EmailOptIns } from '../../../../domain/email/EmailOptIns';

/** People's email choices in this process's memory: for the unit tests. */
export class MemoryEmailOptIns implements EmailOptInStore {
  private readonly optIns = new Map<string, EmailOptIns>();

  async find(userId: string): Promise<EmailOptIns | null> {
    return this.optIns.get(userId) ?? null;
  }

  async save(userId: string, optIns: EmailOptIns): Promise<void> {
    this.optIns.set(userId, { ...optIns });
  }
}
