import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { type YouTubeConnector, youtubeConnector } from '../../../../adapters/outbound/platforms/youtube/YouTubeConnector';
import { type YouTubeOptions } from '../../../../adapters/outbound/platforms/youtube/YouTubeOptions';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { streamOf } from '../../../support/byteStreams';
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

const facts = (sizeBytes: number) => ({
  kind: 'video' as const,
  mimeType: 'video/mp4',
  sizeBytes,
  width: 64,
  height: 64,
  durationSeconds: 1,
  videoCodec: 'h264',
  audioCodec: null,
});

/** `video-1` with the given bytes, streamed in 64 KiB chunks; counts how often it was opened. */
export function mediaOf(content: Buffer): MediaAccess & { opened: number } {
  return {
    opened: 0,
    async open() {
      this.opened += 1;
      return { body: streamOf(content), facts: facts(content.length) };
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
