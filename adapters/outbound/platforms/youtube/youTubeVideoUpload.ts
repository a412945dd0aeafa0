import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { ByteChunks } from './youTubeByteChunks';
import { videoUrl } from './youTubeIds';
import { type YouTubeSettings } from './YouTubeOptions';
import { askStanding, isSessionOf, sendFrom, type Standing, startSession, type UploadSession } from './youTubeResumableUpload';
import { videoResourceOf } from './youTubeVideoResource';

/** How long before asking an interrupted session where it stands. */
const RESUME_AFTER_SECONDS = 30;

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
  const { body, facts } = await media.open(segment.media[0].id);
  try {
    if (facts.kind !== 'video') return { kind: 'rejected', reason: 'YouTube takes videos only' };
    const file = { sizeBytes: facts.sizeBytes, mimeType: facts.mimeType };
    const chunks = new ByteChunks(body);
    const resumable = segment.checkpoint !== null && isSessionOf(settings, segment.checkpoint);
    if (resumable) {
      const session = { url: segment.checkpoint as string, ...file };
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
async function resume(settings: YouTubeSettings, accessToken: string, session: UploadSession, chunks: ByteChunks): Promise<Standing> {
  const standing = await askStanding(settings, accessToken, session);
  return standing.kind === 'incomplete' ? sendFrom(settings, accessToken, session, chunks, standing.received) : standing;
}

function outcomeOf(settings: YouTubeSettings, session: UploadSession, standing: Standing): PublishOutcome {
  switch (standing.kind) {
    case 'complete':
      return {
        kind: 'published',
        platformPostId: standing.videoId,
        platformPostUrl: videoUrl(standing.videoId),
        postedAt: settings.now(),
        statusCode: standing.statusCode,
      };
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
