import { type Credential } from '../../domain/credential/Credential';
import { type TranscriptionUsage } from '../ports/transcription/Transcriptions';
import { type TranscriptionQuota } from './TranscriptionQuota';
import { type UserScopeCheck } from './UserScopeCheck';

/** docs/spec.md, "Transcription usage"; the customer id is the payment provider's. */
export interface UsageReport {
  readonly used: number;
  readonly limit: number;
  readonly periodEnd: Date;
  readonly isSortedActive: boolean;
  readonly isSubscribed: boolean;
  readonly paidSoftLimit: number;
  readonly paidHardLimit: number;
  readonly customerId: string | null;
}

/** GET /v1/transcriptions/usage, with stats:read (docs/decisions.md, "The account surface"). */
export class GetTranscriptionUsage {
  constructor(
    private readonly scopes: UserScopeCheck,
    private readonly quota: TranscriptionQuota,
    private readonly usage: TranscriptionUsage,
  ) {}

  async execute(credential: Credential): Promise<UsageReport> {
    await this.scopes.require(credential, 'stats:read');
    const q = await this.quota.of(credential.userId);
    return {
      used: await this.usage.used(credential.userId, q.period.key),
      limit: q.period.limit,
      periodEnd: q.period.end,
      isSortedActive: q.paidUp,
      isSubscribed: q.subscribed,
      paidSoftLimit: q.plan?.softLimit ?? 0,
      paidHardLimit: q.plan?.hardLimit ?? 0,
      customerId: q.account?.customerId ?? null,
    };
  }
}
