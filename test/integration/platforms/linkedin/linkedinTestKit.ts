import { linkedinConnector, type LinkedInConnector } from '../../../../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { type LinkedInOptions } from '../../../../adapters/outbound/platforms/linkedin/LinkedInOptions';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type LinkedInFake } from '../../../support/fakes/linkedinFake';
import { DAY_MS, mediaOnDisk, NOW, oauth2Grant, segmentToPublish } from '../../../support/platformTestKit';

export { NOW };

export function connectorFor(fake: LinkedInFake, options: Partial<LinkedInOptions> = {}): LinkedInConnector {
  return linkedinConnector(
    {
      clientId: fake.state.clientId,
      clientSecret: fake.state.clientSecret,
      apiBaseUrl: fake.baseUrl,
      authBaseUrl: fake.baseUrl,
      timeoutMs: 5_000,
      unauthorizedRetryDelayMs: 10,
      ...options,
    },
    () => NOW,
  );
}

export function grantFrom(tokens: { accessToken: string; refreshToken: string }, scopes = ['openid', 'profile', 'w_member_social']): OAuth2Grant {
  return oauth2Grant(tokens, { accessMs: 60 * DAY_MS, refreshMs: 365 * DAY_MS }, scopes);
}

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return segmentToPublish({ settings: { platform: 'LINKEDIN', values: { visibility: 'PUBLIC' } }, text: 'Shipping Dispatch 1.0' }, overrides);
}

/** Library media backed by files on disk: `.mp4` files are videos, the rest PNG images; read in small chunks. */
export const mediaFrom = (files: Record<string, string>): MediaAccess =>
  mediaOnDisk(files, { width: 8, height: 8, videoSeconds: 3, chunkBytes: 1000 }, (mediaId) => `https://media.example/${mediaId}`);

export const NO_MEDIA = mediaFrom({});
