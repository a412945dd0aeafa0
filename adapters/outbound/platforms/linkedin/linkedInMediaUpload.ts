import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';

/** One image or video uploaded to LinkedIn (its URN), or the outcome that stopped it. */
export type MediaUpload = { readonly ok: true; readonly id: string } | { readonly ok: false; readonly outcome: PublishOutcome };
