import { createReadStream } from 'node:fs';
import { facebookConnector, type FacebookConnector, type FacebookOptions } from '../../../../adapters/outbound/platforms/facebook/FacebookConnector';
import { type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type FacebookFake } from '../../../support/fakes/facebookFake';
import { ALL_SCOPES } from '../../../support/fakes/facebookFakeState';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { DAY_MS, NOW, oauth2Grant, openFromDisk, segmentToPublish } from '../../../support/platformTestKit';

export { NOW };
export const PAGE_ID = '104400000001';
export const LOGIN_BASE = 'https://www.facebook.com/v25.0';
/** A connection made for the fake's Page: what the engine hands the publisher. */
export const PAGE_ACCOUNT: PublishingAccount = {
  accountId: '10160000000001',
  handle: 'Ada Lovelace',
  publishAs: { id: PAGE_ID, kind: 'page', name: 'Dispatch' },
};

export function connectorFor(fake: FacebookFake, options: Partial<FacebookOptions> = {}): FacebookConnector {
  return facebookConnector({
    clientId: fake.state.clientId,
    clientSecret: fake.state.clientSecret,
    apiBaseUrl: fake.apiBaseUrl,
    authBaseUrl: LOGIN_BASE,
    timeoutMs: 5_000,
    now: () => NOW,
    ...options,
  });
}

/** The grant a finished connection holds: the person's long-lived token (with what they granted), no refresh token. */
export function connectedGrant(fake: FacebookFake, daysLeft = 60, granted: readonly string[] = ALL_SCOPES): OAuth2Grant {
  const tokens = { accessToken: fake.userToken(granted), refreshToken: null };
  return oauth2Grant(tokens, { accessMs: daysLeft * DAY_MS, refreshMs: null }, ['public_profile', ...granted]);
}

/** The grants a publisher hands the engine to keep (GrantRenewed), in order. */
export function keptGrants(): { kept: PlatformGrant[]; keep: (grant: PlatformGrant) => Promise<void> } {
  const kept: PlatformGrant[] = [];
  return { kept, keep: async (grant) => void kept.push(grant) };
}

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return segmentToPublish({ settings: { platform: 'FACEBOOK', values: { privacy: 'PUBLIC' } }, text: 'Shipping Dispatch 1.0' }, overrides);
}

export const mediaItem = (id: string, altText: string | null = null) => ({ id, altText, thumbnailTimestamp: null });

/**
 * The library's media on a local server, as signed links Facebook fetches: `.mp4` files are
 * videos (video/mp4), the rest PNG images.
 */
export class MediaLibrary {
  private constructor(
    private readonly server: LocalHttpServer,
    private readonly files: Record<string, string>,
  ) {}

  static async start(files: Record<string, string>): Promise<MediaLibrary> {
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => {
      const file = files[(request.url ?? '').replace(/^\/media\//, '').replace(/\?.*$/, '')];
      if (!file) return void response.writeHead(404).end();
      response.writeHead(200, { 'Content-Type': file.endsWith('.mp4') ? 'video/mp4' : 'image/png' });
      createReadStream(file).pipe(response);
    });
    return new MediaLibrary(server, files);
  }

  linkOf(mediaId: string): string {
    return this.server.url(`/media/${mediaId}?signature=test`);
  }

  get access(): MediaAccess {
    return {
      open: (mediaId) => openFromDisk(this.files[mediaId], { width: 8, height: 8, videoSeconds: 1 }),
      link: async (mediaId) => this.linkOf(mediaId),
    };
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}
