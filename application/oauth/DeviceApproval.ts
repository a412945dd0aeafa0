import { type Scope } from '../../domain/credential/Scope';
import { type DeviceAuthorization } from '../../domain/oauth/DeviceAuthorization';
import { displayUserCode, normalizeUserCode } from '../../domain/oauth/userCode';
import { DomainError, TooSoon, validationError } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type DeviceAuthorizations } from '../ports/oauth/DeviceAuthorizations';
import { type OAuthClientRepository } from '../ports/oauth/OAuthClientRepository';
import { type RateLimitStore } from '../ports/RateLimitStore';
import { type SecretHasher } from '../ports/SecretHasher';
import { type WorkspaceChoice, type WorkspaceChoices } from './WorkspaceChoices';

/** What the approval page shows for a code the person typed. */
export interface DeviceApprovalView {
  readonly userCode: string;
  readonly client: { readonly id: string; readonly name: string };
  readonly requestedScopes: readonly Scope[];
  readonly workspaces: readonly WorkspaceChoice[];
  readonly workspaceHint: string | null;
}

export type DeviceDecision = { readonly approve: false } | { readonly approve: true; readonly workspaceId: string; readonly scopes: readonly Scope[] };

/** Wrong codes a person may type per window before every look-up is refused for the rest of it (RFC 8628 §5.1). */
export const USER_CODE_ATTEMPTS = { max: 5, windowMs: 15 * 60_000 };
const UNKNOWN = 'That code is not valid, or it was already used or has expired. Check it, or start again on your device.';

/** The signed-in person's side of the device flow: look a code up, then approve or deny it (docs/decisions.md, "OAuth server"). */
export class DeviceApproval {
  constructor(
    private readonly devices: DeviceAuthorizations,
    private readonly clients: OAuthClientRepository,
    private readonly choices: WorkspaceChoices,
    private readonly attempts: RateLimitStore,
    private readonly hasher: SecretHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /**
   * Looks a typed code up. A code that is not pending counts against the person's attempts; a
   * valid one does not, so reloading its page locks nobody out. Once the wrong ones reach the
   * limit, every look-up is refused until the window ends, the right code included: otherwise
   * someone guessing would still learn which guess was right.
   */
  async review(userId: string, typed: string): Promise<DeviceApprovalView> {
    const now = this.clock.now();
    const key = `user-code:${userId}`;
    if ((await this.attempts.count(key, now)) >= USER_CODE_ATTEMPTS.max) {
      const { resetAt } = await this.attempts.hit(key, USER_CODE_ATTEMPTS.windowMs, now);
      const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new TooSoon('too_many_user_codes', `Too many codes tried. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, seconds);
    }
    try {
      return await this.view(userId, typed);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'invalid_user_code') await this.attempts.hit(key, USER_CODE_ATTEMPTS.windowMs, now);
      throw error;
    }
  }

  /** The same page again without counting an attempt: after a choice the person must correct. */
  async view(userId: string, typed: string): Promise<DeviceApprovalView> {
    const { device, code } = await this.pending(typed);
    const client = await this.clients.findById(device.clientId);
    if (client === null) throw unknownCode();
    return {
      userCode: displayUserCode(code),
      client: { id: client.clientId, name: client.name },
      requestedScopes: device.requestedScopes,
      workspaces: await this.choices.offer(userId, device.requestedScopes),
      workspaceHint: device.workspaceHint,
    };
  }

  /** Records the decision once: the code is spent either way. */
  async decide(userId: string, typed: string, decision: DeviceDecision): Promise<'approved' | 'denied'> {
    const { device } = await this.pending(typed);
    const now = this.clock.now();
    if (!decision.approve) {
      if (!(await this.devices.decide(device.id, null, now))) throw unknownCode();
      return 'denied';
    }
    const scopes = await this.choices.grant(userId, decision.workspaceId, device.requestedScopes, decision.scopes);
    const approved = { userId, workspaceId: decision.workspaceId, scopes, grantId: this.ids.next() };
    if (!(await this.devices.decide(device.id, approved, now))) throw unknownCode();
    return 'approved';
  }

  private async pending(typed: string): Promise<{ device: DeviceAuthorization; code: string }> {
    const code = normalizeUserCode(typed);
    const device = code === null ? null : await this.devices.findByUserCode(this.hasher.hashToken(code));
    if (code === null || device === null || device.status !== 'pending' || this.clock.now() >= device.expiresAt) throw unknownCode();
    return { device, code };
  }
}

const unknownCode = () => validationError('invalid_user_code', [{ path: 'user_code', message: UNKNOWN }]);
