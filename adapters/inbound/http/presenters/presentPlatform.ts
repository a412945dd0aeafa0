import { type PlatformListing } from '../../../../application/connections/ListPlatforms';

/** A platform as GET /v1/platforms lists it: whether it is configured, how it connects, its limits. */
export const presentPlatform = ({ platform, displayName, authKind, configured, descriptor }: PlatformListing) => ({
  platform,
  displayName,
  authKind,
  configured,
  limits: {
    textLimit: descriptor.capabilities.textLimit,
    textUnit: descriptor.capabilities.textUnit,
    requiresMedia: descriptor.capabilities.requiresMedia,
    maxMediaPerSegment: descriptor.capabilities.maxMediaPerSegment,
    followUpSegments: descriptor.capabilities.followUpSegments,
    postsPerWindow: descriptor.postBudget ?? null,
  },
});
