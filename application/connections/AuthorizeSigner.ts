import { type Platform } from '../../domain/platform/Platform';
import { DomainError, validationError } from '../../domain/shared/DomainError';
import { type IdGenerator } from '../ports/IdGenerator';
import { type PendingSigners } from '../ports/platforms/PendingSigners';
import { type SignerAuthorization } from '../ports/platforms/SignerAuthorization';

/**
 * The start of a signer connect (Farcaster): a signer made and registered at the platform, kept
 * as pending for the person and the workspace until its request expires, and the address where
 * the account's owner approves it. ConnectApprovedSigners finishes it (docs/decisions.md, "Connections", Farcaster).
 */
export class AuthorizeSigner {
  constructor(
    private readonly pending: PendingSigners,
    private readonly ids: IdGenerator,
  ) {}

  async start(
    signer: SignerAuthorization,
    input: { workspaceId: string; userId: string; platform: Platform; returnTo: string | null },
  ): Promise<{ authorizationUrl: string }> {
    const started = await signer.start();
    if (!started.ok) {
      if (started.failure.kind === 'retryLater')
        throw new DomainError('unavailable', 'platform_unavailable', `${input.platform} could not be reached: ${started.failure.reason}`);
      throw validationError('platform_refused', [{ path: 'platform', message: started.failure.reason }]);
    }
    const { signerId, approvalUrl, expiresAt } = started.signer;
    await this.pending.save({
      id: this.ids.next(),
      signerId,
      workspaceId: input.workspaceId,
      userId: input.userId,
      platform: input.platform,
      returnTo: input.returnTo,
      expiresAt,
    });
    return { authorizationUrl: approvalUrl };
  }
}
