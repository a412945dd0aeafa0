import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { videoUrl, type YouTubeSettings } from './youTubeApi';
import { askStanding, isSessionOf, sendFrom, type Standing, startSession, type UploadSession, VideoChunks } from './youTubeUploads';

const TITLE_MAX_CHARACTERS = 100;
const DESCRIPTION_MAX_BYTES = 5000;

/** How long before asking an interrupted session where it stands. */
const RESUME_AFTER_SECONDS = 30;

/** YouTube refuses `<` and `>` in titles and descriptions; the full-width forms read the same. */
const withoutAngleBrackets = (text: string) => text.replace(/</g, '＜').replace(/>/g, '＞');

/** The segment's text a description was made from, as the reader compares it with what was sent. */
export const textOfDescription = (description: string): string => description.replace(/＜/g, '<').replace(/＞/g, '>');

/** The first line of the text, cut to 100 characters: the settings carry no title of their own. */
export function titleOf(text: string): string {
  const firstLine =
    text
      .split(/\r?\n/)
      .find((line) => line.trim().length > 0)
      ?.trim() ?? '';
  const characters = [...withoutAngleBrackets(firstLine)];
  if (characters.length === 0) return 'Video';
  if (characters.length <= TITLE_MAX_CHARACTERS) return characters.join('');
  return `${characters.slice(0, TITLE_MAX_CHARACTERS - 1).join('')}…`;
}

function statusOf(segment: SegmentToPublish): { privacyStatus: string; selfDeclaredMadeForKids: boolean } {
  // The narrowest audience when the settings are not YouTube's (docs/decisions.md, "Platforms").
  if (segment.settings.platform !== 'YOUTUBE') return { privacyStatus: 'private', selfDeclaredMadeForKids: false };
  const { privacy, madeForKids } = segment.settings.values;
  return { privacyStatus: privacy.toLowerCase(), selfDeclaredMadeForKids: madeForKids };
}

/**
 * The `video` resource a resumable session starts with (`part=snippet,status`): the title
 * and description from the segment's text, privacy and "made for kids" from its settings.
 */
export function videoResourceOf(segment: SegmentToPublish): { ok: true; resource: object } | { ok: false; reason: string } {
  if (segment.settings.platform === 'YOUTUBE' && segment.settings.values.ageRestriction === true) {
    return { ok: false, reason: 'YouTube’s API cannot age-restrict a video; publish it without, then restrict it in YouTube Studio' };
  }
  const description = withoutAngleBrackets(segment.text);
  if (Buffer.byteLength(description, 'utf8') > DESCRIPTION_MAX_BYTES) {
    return { ok: false, reason: `a YouTube description holds at most ${DESCRIPTION_MAX_BYTES} bytes of UTF-8` };
  }
  return { ok: true, resource: { snippet: { title: titleOf(segment.text), description }, status: statusOf(segment) } };
}

/**
 * Segment 0: its one video through a resumable session. An upload cut short asks its session
 * once, at once, how far it got and goes on; still cut short, it answers `processing` with the
 * session URL as the checkpoint, and the next call resumes the same way. The session, never a
 * new one, finishes the video, so an upload whose end went unanswered is found complete rather
 * than posted twice. Only a session YouTube says has expired (404: no video was made) is
 * started again.
 */
export async function publishVideo(settings: YouTubeSettings, accessToken: string, segment: SegmentToPublish, media: MediaAccess): Promise<PublishOutcome> {
  if (segment.media.length !== 1) return { kind: 'rejected', reason: 'a YouTube post is one video' };
  const resource = videoResourceOf(segment);
  if (!resource.ok) return { kind: 'rejected', reason: resource.reason };
  const { body, facts } = await media.open(segment.media[0]!.id);
  try {
    if (facts.kind !== 'video') return { kind: 'rejected', reason: 'YouTube takes videos only' };
    const file = { sizeBytes: facts.sizeBytes, mimeType: facts.mimeType };
    const chunks = new VideoChunks(body, settings.chunkBytes);
    if (segment.checkpoint !== null && isSessionOf(settings, segment.checkpoint)) {
      const session = { url: segment.checkpoint, ...file };
      const standing = await resume(settings, accessToken, session, chunks);
      if (standing.kind !== 'expired') return outcomeOf(settings, session, standing);
    }
    const started = await startSession(settings, accessToken, resource.resource, file);
    if (!started.ok) return started.outcome;
    const standing = await sendFrom(settings, accessToken, started.session, chunks, 0);
    // Asked at once, the session settles most interruptions in this call: above all a last
    // chunk whose answer was lost, which may already have made the video.
    const settled = standing.kind === 'interrupted' ? await resume(settings, accessToken, started.session, chunks) : standing;
    return outcomeOf(settings, started.session, settled);
  } finally {
    body.destroy();
  }
}

/** Asks the session where it stands and sends the rest from there. */
async function resume(settings: YouTubeSettings, accessToken: string, session: UploadSession, chunks: VideoChunks): Promise<Standing> {
  const standing = await askStanding(settings, accessToken, session);
  return standing.kind === 'incomplete' ? sendFrom(settings, accessToken, session, chunks, standing.received) : standing;
}

function outcomeOf(settings: YouTubeSettings, session: UploadSession, standing: Standing): PublishOutcome {
  switch (standing.kind) {
    case 'complete': {
      const { videoId, statusCode } = standing;
      return { kind: 'published', platformPostId: videoId, platformPostUrl: videoUrl(videoId), postedAt: settings.now(), statusCode };
    }
    case 'interrupted':
    case 'incomplete':
      return {
        kind: 'processing',
        afterSeconds: RESUME_AFTER_SECONDS,
        checkpoint: session.url,
        reason: `the upload to YouTube stopped (${standing.kind === 'interrupted' ? standing.reason : 'incomplete'}); it resumes where YouTube stopped`,
      };
    case 'expired':
      return { kind: 'retryLater', afterSeconds: RESUME_AFTER_SECONDS, reason: 'YouTube ended the upload session before the video was complete' };
    case 'failed':
      return standing.outcome;
  }
}
