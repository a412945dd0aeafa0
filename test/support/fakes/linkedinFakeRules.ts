import { type LinkedInError } from './linkedinFakeAnswers';
import { type FakeToken, type LinkedInFakeState } from './linkedinFakeState';

const unprocessable = (message: string): LinkedInError => ({ status: 422, code: 'UNPROCESSABLE_ENTITY', message });
const denied = (message: string): LinkedInError => ({ status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED', message });

/** The member itself, or an organization it administers (with the organization scope). */
function authorProblem(state: LinkedInFakeState, token: FakeToken, author: unknown): LinkedInError | null {
  if (author === `urn:li:person:${token.memberId}`) return token.scopes.includes('w_member_social') ? null : denied('Not enough permissions: w_member_social');
  const org = typeof author === 'string' ? /^urn:li:organization:(\d+)$/.exec(author)?.[1] : undefined;
  if (org === undefined) return unprocessable(`/author :: "${String(author)}" is not a person or organization URN`);
  if (!token.scopes.includes('w_organization_social')) return denied('Not enough permissions: w_organization_social');
  return state.organizations.some((o) => o.id === org) ? null : denied(`Member is not an administrator of organization ${org}`);
}

function videoProblem(state: LinkedInFakeState, author: string, urn: string): LinkedInError | null {
  const video = state.videos.get(urn);
  if (!video) return unprocessable(`/content/media/id :: "${urn}" is not a video URN`);
  if (video.status !== 'AVAILABLE') return unprocessable(`Video ${urn} is ${video.status}`);
  return video.owner === author ? null : denied(`Video ${urn} belongs to ${video.owner}`);
}

function imageProblem(state: LinkedInFakeState, author: string, image: unknown): LinkedInError | null {
  const id = (image as { id?: unknown } | null)?.id;
  if (typeof id === 'string' && id.startsWith('urn:li:video:')) return videoProblem(state, author, id);
  const stored = typeof id === 'string' ? state.images.get(id) : undefined;
  if (!stored) return unprocessable(`/content/media/id :: "${String(id)}" is not an image URN`);
  if (stored.bytes === null) return unprocessable(`Image ${stored.urn} has not been uploaded`);
  if (stored.owner !== author) return denied(`Image ${stored.urn} belongs to ${stored.owner}`);
  return null;
}

function contentProblem(state: LinkedInFakeState, author: string, content: unknown): LinkedInError | null {
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
export function checkPost(state: LinkedInFakeState, token: FakeToken, post: Record<string, unknown> | null): LinkedInError | null {
  if (post === null) return { status: 400, code: 'ILLEGAL_ARGUMENT', message: 'Request body is not JSON' };
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
export function checkComment(state: LinkedInFakeState, token: FakeToken, postUrn: string, comment: Record<string, unknown> | null): LinkedInError | null {
  if (comment === null) return { status: 400, code: 'ILLEGAL_ARGUMENT', message: 'Request body is not JSON' };
  if (!state.posts.some((post) => post.urn === postUrn)) return { status: 404, code: 'NOT_FOUND', message: `${postUrn} not found` };
  if (comment.object !== postUrn) return unprocessable(`/object :: must be ${postUrn}`);
  const authorError = authorProblem(state, token, comment.actor);
  if (authorError) return authorError;
  const text = (comment.message as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' && text.length > 0 ? null : unprocessable('/message/text :: field is required');
}
