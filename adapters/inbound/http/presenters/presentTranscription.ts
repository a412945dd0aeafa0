import { type UsageReport } from '../../../../application/transcriptions/GetTranscriptionUsage';
import { type Transcription } from '../../../../domain/transcription/Transcription';

/** docs/spec.md, "Transcription": createdAt in epoch milliseconds. */
export const presentTranscription = (t: Transcription) => ({
  id: t.id,
  reelId: t.reelId,
  reelUrl: t.reelUrl,
  text: t.text,
  altText: t.altText,
  language: t.language,
  durationSeconds: t.durationSeconds,
  createdAt: t.createdAt.getTime(),
});

/** docs/spec.md, "Transcription usage": the customer id's wire name carries the provider's name. */
export const presentTranscriptionUsage = (u: UsageReport) => ({
  used: u.used,
  limit: u.limit,
  periodEnd: u.periodEnd.getTime(),
  isSortedActive: u.isSortedActive,
  isSubscribed: u.isSubscribed,
  paidSoftLimit: u.paidSoftLimit,
  paidHardLimit: u.paidHardLimit,
  stripeCustomerId: u.customerId,
});
