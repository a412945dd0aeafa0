import { type FakeAccessToken } from './kit/oauthGrants';
import { type Answer } from './kit/scriptedAnswers';
import { denied, linkedInError, notFoundAnswer, unprocessable } from './linkedinFakeAnswers';
import { type LinkedInFakeState } from './linkedinFakeState';

/** The member itself, or an organization it administers (with the organization scope). */
function authorProblem(state: LinkedInFakeState, token: FakeAccessToken, author: unknown): Answer | null {
  if (author === `urn:li:person:${token.userId}`) return token.scopes.includes('w_member_social') ? null : denied('Not enough permissions: w_member_social');
  const org = typeof author === 'string' ? /^urn:li:organization:(\d+)$/.exec(author)?.[1] : undefined;
  if (org === undefined) return unprocessable(`/author :: "${String(author)}" is not a person or organization URN`);
  if (!token.scopes.includes('w_organization_social')) return denied('Not enough permissions: w_organization_social');
  // Organic posts are for administrators and content administrators (docs/platforms.md, LinkedIn review finding 2).
  const role = state.organizations.find((o) => o.id === org)?.role;
  return role === 'ADMINISTRATOR' || role === 'CONTENT_ADMINISTRATOR' ? null : denied(`Member is not an administrator of organization ${org}`);
}

function videoProblem(state: LinkedInFakeState, author: string, urn: string): Answer | null {
  const video = state.videos.get(urn);
  if (!video) return unprocessable(`/content/media/id :: "${urn}" is not a video URN`);
  if (video.status !== 'AVAILABLE') return unprocessable(`Video ${urn} is ${video.status}`);
  return video.owner === author ? null : denied(`Video ${urn} belongs to ${video.owner}`);
}

function imageProblem(state: LinkedInFakeState, author: string, image: unknown): Answer | null {
  const id = (image as { id?: unknown } | null)?.id;
  if (typeof id === 'string' && id.startsWith('urn:li:video:')) return videoProblem(state, author, id);
  const stored = typeof id === 'string' ? state.images.get(id) : undefined;
  if (!stored) return unprocessable(`/content/media/id :: "${String(id)}" is not an image URN`);
  if (stored.bytes === null) return unprocessable(`Image ${stored.urn} has not been uploaded`);
  if (stored.owner !== author) return denied(`Image ${stored.urn} belongs to ${stored.owner}`);
  return null;
}

function contentProblem(state: LinkedInFakeState, author: string, content: unknown): Answer | null {
  if (content === undefined) return null;
  const { media, multiImage, ...others } = (content ?? {}) as { media?: unknown; multiImage?: { images?: unknown } };
  if (Object.keys(others).length > 0) return unprocessable(`/content :: unexpected ${Object.keys(others).join(', ')}`);
  if (media !== undefined && multiImage === undefined) return imageProblem(state, author, media);
  const images = multiImage?.images;
  if (media === undefined && Array.isArray(images) && images.length >= 2 && images.length <= 20) {
    for (const image of images) {
      if (String((image as { id?: unknown } | null)?.id).startsWith('urn:li:video:')) return unprocessable('/content/multiImage :: images only');
      const problem = imageProblem(state, author, image);
      if (problem) return problem;
    }
    return null;
  }
  return unprocessable('/content :: one of media or multiImage (2 to 20 images) is required');
}

/** `POST /rest/posts`: the fields an organic post requires, as LinkedIn's Posts API describes them. */
export function checkPost(state: LinkedInFakeState, token: FakeAccessToken, post: Record<string, unknown> | null): Answer | null {
  if (post === null) return linkedInError(400, 'ILLEGAL_ARGUMENT', 'Request body is not JSON');
  const authorError = authorProblem(state, token, post.author);
  if (authorError) return authorError;
  if (typeof post.commentary !== 'string') return unprocessable('/commentary :: field is required');
  if (post.visibility !== 'PUBLIC' && post.visibility !== 'CONNECTIONS' && post.visibility !== 'LOGGED_IN') {
    return unprocessable(`/visibility :: "${String(post.visibility)}" is not a visibility`);
  }
  const distribution = post.distribution as { feedDistribution?: unknown } | undefined;
  if (!['MAIN_FEED', 'NONE'].includes(String(distribution?.feedDistribution))) return unprocessable('/distribution/feedDistribution :: field is required');
  if (post.lifecycleState !== 'PUBLISHED') return unprocessable('/lifecycleState :: must be PUBLISHED');
  return contentProblem(state, post.author as string, post.content);
}

/** `POST /rest/socialActions/{post}/comments`: actor, object (the same post) and message text. */
export function checkComment(state: LinkedInFakeState, token: FakeAccessToken, postUrn: string, comment: Record<string, unknown> | null): Answer | null {
  if (comment === null) return linkedInError(400, 'ILLEGAL_ARGUMENT', 'Request body is not JSON');
  if (!state.posts.some((post) => post.urn === postUrn)) return notFoundAnswer(`${postUrn} not found`);
  if (comment.object !== postUrn) return unprocessable(`/object :: must be ${postUrn}`);
  const authorError = authorProblem(state, token, comment.actor);
  if (authorError) return authorError;
  const text = (comment.message as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' && text.length > 0 ? null : unprocessable('/message/text :: field is required');
}
