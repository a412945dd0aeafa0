import fs from 'node:fs/promises';
import { pinterestConnector, type PinterestConnector, type PinterestOptions } from '../../../../adapters/outbound/platforms/pinterest/PinterestConnector';
import { type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type PinterestFake } from '../../../support/fakes/pinterestFake';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { DAY_MS, NOW, oauth2Grant, openFromDisk, optionsFor, segmentToPublish } from '../../../support/platformTestKit';

export { NOW };
export const SCOPES = ['boards:read', 'boards:write', 'pins:read', 'pins:write', 'user_accounts:read'];
/** A connection made for the fake's first board (Engines): what the engine hands the publisher. */
export const BOARD_ACCOUNT: PublishingAccount = {
  accountId: 'ada_pins',
  handle: 'ada_pins',
  publishAs: { id: '549755885175', kind: 'board', name: 'Engines' },
};

export function connectorFor(fake: PinterestFake, options: Partial<PinterestOptions> = {}): PinterestConnector {
  return pinterestConnector({ ...optionsFor(fake), ...options });
}

export function grantFrom(tokens: { accessToken: string; refreshToken: string }): OAuth2Grant {
  return oauth2Grant(tokens, { accessMs: 30 * DAY_MS, refreshMs: 365 * DAY_MS }, SCOPES);
}

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return segmentToPublish(
    {
      settings: { platform: 'PINTEREST', values: { boardId: null } },
      text: 'Notes on the Analytical Engine',
      media: [{ id: 'photo', altText: null, thumbnailTimestamp: null }],
    },
    overrides,
  );
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

  open(mediaId: string) {
    return openFromDisk(this.files[mediaId], { width: 64, height: 48, videoSeconds: 5, imageMimeType: typeOf, chunkBytes: 1000 });
  }

  async link(mediaId: string): Promise<string> {
    return this.server.url(`/media/${encodeURIComponent(mediaId)}?signature=s1`);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}
