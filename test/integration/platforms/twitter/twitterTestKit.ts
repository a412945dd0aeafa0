import { createHash, randomBytes } from 'node:crypto';
import { type TwitterConnector, twitterConnector, type TwitterOptions } from '../../../../adapters/outbound/platforms/twitter/TwitterConnector';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type TwitterFake } from '../../../support/fakes/twitterFake';
import { mediaOnDisk, NOW, oauth2Grant, optionsFor, segmentToPublish } from '../../../support/platformTestKit';

export { NOW };

export function connectorFor(fake: TwitterFake, options: Partial<TwitterOptions> = {}): TwitterConnector {
  return twitterConnector({ ...optionsFor(fake), ...options });
}

export function grantFrom(tokens: { accessToken: string; refreshToken: string }): OAuth2Grant {
  return oauth2Grant(tokens, { accessMs: 7_200_000, refreshMs: null }, ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write']);
}

/** A PKCE pair as the connect flow makes it: a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return segmentToPublish({ settings: { platform: 'TWITTER', values: { replyRestriction: 'everyone' } }, text: 'Shipping Dispatch 1.0' }, overrides);
}

/** Library media backed by files on disk: `.mp4` files are videos, the rest PNG images; read in small chunks. */
export const mediaFrom = (files: Record<string, string>): MediaAccess =>
  mediaOnDisk(files, { width: 8, height: 8, videoSeconds: 3, chunkBytes: 1000 }, (mediaId) => `https://media.example/${mediaId}`);

export const NO_MEDIA = mediaFrom({});
