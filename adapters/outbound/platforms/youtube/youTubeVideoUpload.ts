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
 * Segment 0: its one video through a resumable session. The session URL is the checkpoint: an
 * upload cut short answers `processing` with it, and the next call asks the session how far it
 * got and goes on from there. The session, never a new one, finishes the video, so an upload
 * whose end went unanswered is found complete rather than posted twice. Only a session YouTube
 * says has expired (404: no video was made) is started again.
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
      const standing = await askStanding(settings, accessToken, session);
      if (standing.kind === 'incomplete') return outcomeOf(settings, session, await sendFrom(settings, accessToken, session, chunks, standing.received));
      if (standing.kind !== 'expired') return outcomeOf(settings, session, standing);
    }
    const started = await startSession(settings, accessToken, resource.resource, file);
    if (!started.ok) return started.outcome;
    return outcomeOf(settings, started.session, await sendFrom(settings, accessToken, started.session, chunks, 0));
  } finally {
    body.destroy();
  }
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
