import { createHash } from 'node:crypto';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type FarcasterSignerGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';

/**
 * The cast's `idem`: the same for every attempt at one segment of one target (the attempt
 * number, last in the engine's key, left out), so a cast retried after a failure Neynar may
 * have half done is cast once. 16 characters, as Neynar recommends.
 */
export function castIdem(idempotencyKey: string): string {
  const targetAndSegment = idempotencyKey.replace(/:[^:]*$/, '');
  return createHash('sha256').update(targetAndSegment).digest('hex').slice(0, 16);
}

/** The body of `POST /v2/farcaster/cast`: media as signed links (embeds), a thread's later casts replying to the one before. */
export async function castBody(segment: SegmentToPublish, grant: FarcasterSignerGrant, media: MediaAccess): Promise<Record<string, unknown>> {
  const embeds = await Promise.all(segment.media.map(async (item) => ({ url: await media.link(item.id) })));
  const channelId = segment.settings.platform === 'FARCASTER' ? (segment.settings.values.channelId ?? null) : null;
  const body: Record<string, unknown> = { signer_uuid: grant.signerUuid, text: segment.text, idem: castIdem(segment.idempotencyKey) };
  if (embeds.length > 0) body.embeds = embeds;
  if (segment.replyToPlatformPostId !== null) {
    body.parent = segment.replyToPlatformPostId;
    body.parent_author_fid = grant.fid;
  } else if (channelId !== null && channelId !== '') {
    body.channel_id = channelId;
  }
  return body;
}
