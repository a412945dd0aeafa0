import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pinterestConnector, type PinterestConnector } from '../../../../adapters/outbound/platforms/pinterest/PinterestConnector';
import { type PinterestOptions } from '../../../../adapters/outbound/platforms/pinterest/PinterestOptions';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type PinterestFake } from '../../../support/fakes/pinterestFake';
import { LocalHttpServer } from '../../../support/localHttpServer';

export const NOW = new Date('2026-11-23T12:00:00Z');
export const SCOPES = ['boards:read', 'pins:read', 'pins:write', 'user_accounts:read'];

export function connectorFor(fake: PinterestFake, options: Partial<PinterestOptions> = {}): PinterestConnector {
  return pinterestConnector({
    clientId: fake.state.clientId,
    clientSecret: fake.state.clientSecret,
    apiBaseUrl: fake.baseUrl,
    authBaseUrl: fake.baseUrl,
    timeoutMs: 5_000,
    boardOf: async () => fake.state.boards[0].id,
    now: () => NOW,
    ...options,
  });
}

export function grantFrom(tokens: { accessToken: string; refreshToken: string }): OAuth2Grant {
  return {
    kind: 'oauth2',
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessExpiresAt: new Date(NOW.getTime() + 30 * 86_400_000),
    refreshExpiresAt: new Date(NOW.getTime() + 365 * 86_400_000),
    scopes: SCOPES,
  };
}

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return {
    connectionId: 'connection-1',
    settings: { platform: 'PINTEREST', values: { boardId: null } },
    text: 'Notes on the Analytical Engine',
    media: [{ id: 'photo', altText: null, thumbnailTimestamp: null }],
    segmentIndex: 0,
    segmentCount: 1,
    replyToPlatformPostId: null,
    checkpoint: null,
    idempotencyKey: 'target-1:0:1',
    ...overrides,
  };
}

const typeOf = (file: string) => (file.endsWith('.mp4') ? 'video/mp4' : file.endsWith('.jpg') ? 'image/jpeg' : 'image/png');

/**
 * The media library over HTTP: `link` is a local URL serving the file (as the library's signed
 * links do), `open` reads it in small chunks. `.mp4` files are videos, the rest images.
 */
export class MediaLibrary implements MediaAccess {
  private constructor(
    private readonly server: LocalHttpServer,
    private readonly files: Record<string, string>,
  ) {}

  static async serve(files: Record<string, string>): Promise<MediaLibrary> {
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => {
      const file = files[decodeURIComponent((request.url ?? '').replace(/^\/media\//, '').split('?')[0])];
      if (!file) return void response.writeHead(404).end('not found');
      void fs.readFile(file).then((bytes) => response.writeHead(200, { 'Content-Type': typeOf(file) }).end(bytes));
    });
    return new MediaLibrary(server, files);
  }

  async open(mediaId: string) {
    const file = this.files[mediaId];
    const { size } = await fs.stat(file);
    const video = file.endsWith('.mp4');
    const facts = {
      kind: video ? ('video' as const) : ('image' as const),
      mimeType: typeOf(file),
      sizeBytes: size,
      width: 64,
      height: 48,
      durationSeconds: video ? 5 : null,
      videoCodec: video ? 'h264' : null,
      audioCodec: null,
    };
    return { body: createReadStream(file, { highWaterMark: 1000 }), facts };
  }

  async link(mediaId: string): Promise<string> {
    return this.server.url(`/media/${encodeURIComponent(mediaId)}?signature=s1`);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}
