import { createHash } from 'node:crypto';
import { type Readable } from 'node:stream';
import {
  type $Typed,
  type Agent,
  type AppBskyEmbedImages,
  type AppBskyEmbedVideo,
  type AppBskyFeedPost,
  type AppBskyRichtextFacet,
  AtUri,
  RichText,
} from '@atproto/api';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish } from '../../../../application/ports/PlatformPublisher';
import { type MediaFacts } from '../../../../domain/media/MediaFacts';

/** The collection every post is a record of. */
export const POSTS = 'app.bsky.feed.post';

/** What app.bsky.embed.video's lexicon takes (`accept`, `maxSize`), and Bluesky's own length limit (docs/platforms-media.md). */
const VIDEO_MIME_TYPE = 'video/mp4';
const VIDEO_MAX_BYTES = 100_000_000;
const VIDEO_MAX_SECONDS = 180;

/** A segment's media the record cannot carry: the reason is the user's to act on. */
export class UnsupportedMedia extends Error {}

/**
 * The embed of a segment's media, each item uploaded with com.atproto.repo.uploadBlob: images
 * (app.bsky.embed.images, with alt text and aspect ratio), or one video alone
 * (app.bsky.embed.video). Null for a segment without media.
 */
export async function embedFor(
  agent: Agent,
  items: readonly MediaToPublish[],
  media: MediaAccess,
): Promise<$Typed<AppBskyEmbedImages.Main> | $Typed<AppBskyEmbedVideo.Main> | null> {
  if (items.length === 0) return null;
  const images: AppBskyEmbedImages.Image[] = [];
  for (const item of items) {
    const { body, facts } = await media.open(item.id);
    if (facts.kind === 'video') {
      if (items.length === 1) return videoEmbed(agent, item, body, facts);
      body.destroy();
      throw new UnsupportedMedia('Bluesky takes a video only on its own in a post');
    }
    const image = await uploadBlob(agent, body, facts);
    images.push({ image, alt: item.altText ?? '', aspectRatio: { width: facts.width, height: facts.height } });
  }
  return { $type: 'app.bsky.embed.images', images };
}

/**
 * The video's blob on the account's PDS, embedded as the record carries it. Bluesky's app sends
 * videos through Bluesky's video service instead (app.bsky.video.uploadVideo with a service-auth
 * token), which transcodes them and puts the result on the PDS; that service is Bluesky's own,
 * not part of a PDS nor of the reference PDS this connector is checked against, so the file goes
 * to the PDS as it is and must already be what the lexicon accepts (docs/platforms-media.md).
 */
async function videoEmbed(agent: Agent, item: MediaToPublish, body: Readable, facts: MediaFacts): Promise<$Typed<AppBskyEmbedVideo.Main>> {
  const refusal = videoRefusal(facts);
  if (refusal !== null) {
    body.destroy();
    throw new UnsupportedMedia(refusal);
  }
  const video = await uploadBlob(agent, body, facts);
  // The PDS keeps the type it reads from the bytes: a file that is no MP4 would be a record no app plays.
  if (video.mimeType !== VIDEO_MIME_TYPE) throw new UnsupportedMedia(`Bluesky read the video as ${video.mimeType}; it takes ${VIDEO_MIME_TYPE} only`);
  return {
    $type: 'app.bsky.embed.video',
    video,
    ...(item.altText ? { alt: item.altText } : {}),
    aspectRatio: { width: facts.width, height: facts.height },
  };
}

function videoRefusal(facts: MediaFacts): string | null {
  if (facts.mimeType !== VIDEO_MIME_TYPE) return `Bluesky takes videos as MP4 (${VIDEO_MIME_TYPE}) only; this one is ${facts.mimeType}`;
  if (facts.sizeBytes > VIDEO_MAX_BYTES) return `Bluesky takes videos of at most ${VIDEO_MAX_BYTES} bytes; this one has ${facts.sizeBytes}`;
  if (facts.durationSeconds !== null && facts.durationSeconds > VIDEO_MAX_SECONDS) {
    return `Bluesky takes videos of at most ${VIDEO_MAX_SECONDS} s; this one lasts ${facts.durationSeconds} s`;
  }
  return null;
}

/**
 * The bytes streamed to the PDS under the type read from them, their length given so a PDS
 * refuses a blob over its own limit before it is sent. The SDK's types name only whole bodies,
 * but its encoder (@atproto/xrpc) sends any async iterable as a stream (`duplex: 'half'`).
 */
async function uploadBlob(agent: Agent, body: Readable, facts: MediaFacts) {
  try {
    const headers = { 'content-length': String(facts.sizeBytes) };
    const { data } = await agent.com.atproto.repo.uploadBlob(body as unknown as Blob, { encoding: facts.mimeType, headers });
    return data.blob;
  } finally {
    body.destroy();
  }
}

const MENTION = 'app.bsky.richtext.facet#mention';

/**
 * Links and hashtags of a text as facets (byte ranges), found without any request. Mentions are
 * left as plain text: a mention facet needs the handle resolved to a DID first.
 */
export function linkFacetsFor(text: string): AppBskyRichtextFacet.Main[] | undefined {
  const richText = new RichText({ text });
  richText.detectFacetsWithoutResolution();
  const facets = (richText.facets ?? [])
    .map((facet) => ({ ...facet, features: facet.features.filter((feature) => feature.$type !== MENTION) }))
    .filter((facet) => facet.features.length > 0);
  return facets.length > 0 ? facets : undefined;
}

/**
 * The strong references a reply needs, from the post it answers (its AT URI is the segment's
 * `replyToPlatformPostId`): com.atproto.repo.getRecord gives the parent's CID, and the root is
 * the parent's own root, or the parent when it starts the thread.
 */
export async function replyRefsFor(agent: Agent, parentUri: string): Promise<AppBskyFeedPost.ReplyRef> {
  const uri = new AtUri(parentUri);
  const { data } = await agent.com.atproto.repo.getRecord({ repo: uri.host, collection: uri.collection, rkey: uri.rkey });
  if (data.cid === undefined) throw new Error(`the PDS gave no CID for ${parentUri}`);
  const parent = { uri: data.uri, cid: data.cid };
  const root = (data.value as Partial<AppBskyFeedPost.Record>).reply?.root;
  return { root: root ? { uri: root.uri, cid: root.cid } : parent, parent };
}

/** `https://bsky.app/profile/{did}/post/{rkey}` (docs/platforms.md): the DID outlives a handle change. */
export function postUrlOf(uri: string): string {
  const atUri = new AtUri(uri);
  return `https://bsky.app/profile/${atUri.host}/post/${atUri.rkey}`;
}

const SORTABLE_BASE32 = '234567abcdefghijklmnopqrstuvwxyz';
const KEY_WINDOW_MICROS = 10n * 60n * 1_000_000n;

/**
 * How far a post's record key may lag its creation: the PDS lists posts by key, so a read of
 * the account's posts made since a time goes on until a key this much older (blueskyReader).
 */
export const RECORD_KEY_LAG_MS = Number((2n * KEY_WINDOW_MICROS) / 1000n);

/**
 * The record key a segment's post is created under, the same for the same idempotency key in
 * one ten-minute window, so a repeated call for one attempt finds its post instead of making a
 * second one. Posts take only TIDs (13 sortable base32 characters: microseconds, then a 10-bit
 * clock id), so the key's hash is shaped as one whose time falls in the window before `now`:
 * never in the future, and close enough to the post's creation that the newest-first listing
 * of the account's posts keeps them in order of time to within two windows.
 */
export function recordKeyFor(idempotencyKey: string, now: Date): string {
  const bits = createHash('sha256').update(idempotencyKey).digest().readBigUInt64BE(0);
  const nowMicros = BigInt(now.getTime()) * 1000n;
  // A TID's time cannot be before 1970 (a clock that says 1970 is a test's).
  const windowStart = nowMicros < KEY_WINDOW_MICROS ? 0n : (nowMicros / KEY_WINDOW_MICROS - 1n) * KEY_WINDOW_MICROS;
  const timestampMicros = windowStart + ((bits >> 10n) % KEY_WINDOW_MICROS);
  let value = (timestampMicros << 10n) | (bits & 0x3ffn);
  let tid = '';
  for (let i = 0; i < 13; i += 1) {
    tid = SORTABLE_BASE32[Number(value & 31n)] + tid;
    value >>= 5n;
  }
  return tid;
}

/** The time a TID record key carries (to the millisecond), or null for a key that is no TID. */
export function recordKeyTime(rkey: string): Date | null {
  if (!/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/.test(rkey)) return null;
  const value = [...rkey].reduce((sum, char) => sum * 32n + BigInt(SORTABLE_BASE32.indexOf(char)), 0n);
  return new Date(Number((value >> 10n) / 1000n));
}
