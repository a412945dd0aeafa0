import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { type YouTubeConnector, type YouTubeOptions, youtubeConnector } from '../../../../adapters/outbound/platforms/youtube/YouTubeConnector';
import { type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { streamOf } from '../../../support/byteStreams';
import { type SeenRequest } from '../../../support/fakes/kit/RequestChecker';
import { type YouTubeFake } from '../../../support/fakes/youtubeFake';
import { ALL_SCOPES } from '../../../support/fakes/youtubeFakeState';
import { NOW, oauth2Grant, segmentToPublish } from '../../../support/platformTestKit';

export { NOW };
export const KIB_256 = 256 * 1024;

export function connectorFor(fake: YouTubeFake, options: Partial<YouTubeOptions> = {}): YouTubeConnector {
  return youtubeConnector({
    clientId: fake.state.clientId,
    clientSecret: fake.state.clientSecret,
    apiBaseUrl: fake.baseUrl,
    authBaseUrl: 'https://accounts.google.com',
    tokenBaseUrl: fake.baseUrl,
    timeoutMs: 5_000,
    chunkBytes: KIB_256,
    now: () => NOW,
    ...options,
  });
}

export function grantFrom(tokens: { accessToken: string; refreshToken: string }, scopes = ALL_SCOPES): OAuth2Grant {
  return oauth2Grant(tokens, { accessMs: 3_600_000, refreshMs: null }, scopes);
}

/** The connection's account: the channel the consent was given for, no other chosen. */
export const accountOf = (fake: YouTubeFake): PublishingAccount => {
  const channel = fake.state.channels[0]!;
  return { accountId: channel.id, handle: channel.customUrl, publishAs: null };
};

export const VIDEO = [{ id: 'video-1', altText: null, thumbnailTimestamp: null }];

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return segmentToPublish(
    {
      settings: { platform: 'YOUTUBE', values: { privacy: 'UNLISTED', madeForKids: false, ageRestriction: null } },
      text: 'Shipping Dispatch 1.0\nWhat changed, and why.',
      media: VIDEO,
    },
    overrides,
  );
}

/** A later segment: a comment on the video (or the comment) `replyTo` names. */
export const comment = (replyTo: string, text = 'More below', index = 1) =>
  segment({ segmentIndex: index, segmentCount: index + 1, text, media: [], replyToPlatformPostId: replyTo });

const facts = (sizeBytes: number, kind: 'video' | 'image' = 'video') => ({
  kind,
  mimeType: kind === 'video' ? 'video/mp4' : 'image/png',
  sizeBytes,
  width: 64,
  height: 64,
  durationSeconds: kind === 'video' ? 1 : null,
  videoCodec: kind === 'video' ? 'h264' : null,
  audioCodec: null,
});

/** `video-1` with the given bytes (an image with `kind`), streamed in 64 KiB chunks; counts how often it was opened. */
export function mediaOf(content: Buffer, kind: 'video' | 'image' = 'video'): MediaAccess & { opened: number } {
  return {
    opened: 0,
    async open() {
      this.opened += 1;
      return { body: streamOf(content), facts: facts(content.length, kind) };
    },
    async link(mediaId) {
      return `https://media.example/${mediaId}`;
    },
  };
}

/** `video-1` read from a file on disk. */
export function mediaFromFile(file: string): MediaAccess {
  return {
    async open() {
      const { size } = await fs.stat(file);
      return { body: createReadStream(file, { highWaterMark: 10_000 }), facts: facts(size) };
    },
    async link(mediaId) {
      return `https://media.example/${mediaId}`;
    },
  };
}

/** A session PUT asking where the upload stands (`Content-Range: bytes *\/{size}`). */
export const asksStanding = (r: SeenRequest) => r.headers['content-range']?.startsWith('bytes */') ?? false;

/** A session PUT carrying bytes from `offset`. */
export const rangeStartsAt = (offset: number) => (r: SeenRequest) => r.headers['content-range']?.startsWith(`bytes ${offset}-`) ?? false;
