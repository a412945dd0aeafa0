import { type Platform } from '../../../domain/platform/Platform';
import { type GroupInput } from '../../../domain/post/Group';
import { type MediaInput } from '../../../domain/post/Media';
import { type SegmentInput } from '../../../domain/post/Segment';
import { MEDIA_REQUIRED, SETTINGS, type SettingsData } from './settings';
import { future } from './times';

/**
 * Post content and post bodies, the same for the domain (its *Input types) and for the
 * HTTP API (plain JSON of that shape): valid unless an override says otherwise.
 */
export type Json = Record<string, unknown>;

/** The id of the default group every target below refers to. */
export const DEFAULT_GROUP_ID = 'g_default';

export const media = (id = 'media_1', extra: Partial<MediaInput> = {}): MediaInput => ({ id, ...extra });

export const segment = (text = 'Hello world', mediaItems: readonly MediaInput[] = [], extra: Partial<SegmentInput> = {}): SegmentInput => ({
  text,
  media: mediaItems,
  ...extra,
});

export const group = (id = DEFAULT_GROUP_ID, isDefault = true, segments: readonly SegmentInput[] = [segment()]): GroupInput => ({
  id,
  isDefault,
  segments,
});

/** A target on `connectionId` (of `platform`), on the default group, unscheduled, with valid settings. */
export const targetOn = (
  connectionId: string,
  platform: Platform,
): {
  connectionId: string;
  groupId: string;
  settings: SettingsData;
  scheduledAt: null;
} => ({ connectionId, groupId: DEFAULT_GROUP_ID, settings: SETTINGS[platform], scheduledAt: null });

/** Whatever knows a connection id per platform: an HTTP test world, or the domain tests' lookup. */
export interface ConnectionsByPlatform {
  readonly conn: Readonly<Record<Platform, string>>;
  /** Ready media of the world's workspace that fit every platform; absent where media is not looked up (the domain tests). */
  readonly media?: { readonly photo: string; readonly video: string };
}

/** The media a body for `platform` carries where the platform needs some: a video for YouTube, else a photo. */
export const mediaFor = (world: ConnectionsByPlatform, platform: Platform): MediaInput[] =>
  MEDIA_REQUIRED.includes(platform) ? [media(platform === 'YOUTUBE' ? (world.media?.video ?? 'v1') : (world.media?.photo ?? 'm1'))] : [];

/** A target body of `world` to `platform`, on the default group, unscheduled. */
export const target = (world: ConnectionsByPlatform, platform: Platform, extra: Json = {}): Json => ({
  ...targetOn(world.conn[platform], platform),
  ...extra,
});

/** A draft body to Twitter with one text segment, unless `extra` says otherwise. */
export const draftBody = (world: ConnectionsByPlatform, extra: Json = {}): Json => ({
  groups: [group()],
  targets: [target(world, 'TWITTER')],
  ...extra,
});

/** A valid body for `platform` alone: with a photo where the platform needs media. */
export const bodyFor = (world: ConnectionsByPlatform, platform: Platform, extra: Json = {}, targetExtra: Json = {}): Json => ({
  groups: [group(DEFAULT_GROUP_ID, true, [segment(`Hello ${platform}`, mediaFor(world, platform))])],
  targets: [target(world, platform, targetExtra)],
  ...extra,
});

/** A Twitter body scheduled a day ahead. */
export const scheduleBody = (world: ConnectionsByPlatform, extra: Json = {}): Json =>
  draftBody(world, { targets: [target(world, 'TWITTER', { scheduledAt: future() })], intent: 'schedule', ...extra });

/** A two-segment thread to one Twitter connection, kept as a draft; `label` tells the texts apart. */
export const threadBody = (connectionId: string, label: string): Json => ({
  groups: [group(DEFAULT_GROUP_ID, true, [segment(`${label}: a thread from the benchmark (1/2)`), segment(`${label}: and its second tweet (2/2)`)])],
  targets: [targetOn(connectionId, 'TWITTER')],
  intent: 'draft',
});
