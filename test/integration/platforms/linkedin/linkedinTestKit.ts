import { linkedinConnector, type LinkedInConnector, type LinkedInOptions } from '../../../../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type LinkedInFake, MEMBER_SCOPES } from '../../../support/fakes/linkedinFake';
import { DAY_MS, mediaOnDisk, NOW, oauth2Grant, optionsFor, segmentToPublish } from '../../../support/platformTestKit';

export { NOW };

/** The connector against `fake` (API, consent and tokens alike), on NOW's clock, LinkedIn's 401 retried at once. */
export function connectorFor(fake: LinkedInFake, options: Partial<LinkedInOptions> = {}): LinkedInConnector {
  fake.state.now = () => NOW;
  return linkedinConnector({ ...optionsFor(fake), unauthorizedRetryDelayMs: 10, ...options });
}

export function grantFrom(tokens: { accessToken: string; refreshToken: string }, scopes: readonly string[] = MEMBER_SCOPES): OAuth2Grant {
  return oauth2Grant(tokens, { accessMs: 60 * DAY_MS, refreshMs: 365 * DAY_MS }, [...scopes]);
}

/** The member a connection of the fake publishes as, or the organization it chose. */
export const memberAccount = (fake: LinkedInFake) => ({ accountId: fake.state.member.sub, handle: fake.state.member.name, publishAs: null });
export const organizationAccount = (fake: LinkedInFake, id: string, name: string) => ({
  ...memberAccount(fake),
  publishAs: { id, kind: 'organization' as const, name },
});

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return segmentToPublish({ settings: { platform: 'LINKEDIN', values: { visibility: 'PUBLIC' } }, text: 'Shipping Dispatch 1.0' }, overrides);
}

/** Library media backed by files on disk: `.mp4` files are videos, the rest PNG images; read in small chunks. */
export const mediaFrom = (files: Record<string, string>): MediaAccess =>
  mediaOnDisk(files, { width: 8, height: 8, videoSeconds: 3, chunkBytes: 1000 }, (mediaId) => `https://media.example/${mediaId}`);

export const NO_MEDIA = mediaFrom({});
