import { PlatformFake } from './kit/platformFake';
import { linkedInError, refusal, type ScriptedAnswer, scripted } from './linkedinFakeAnswers';
import { LINKEDIN_API } from './linkedinFakeApi';
import { linkedInAuthority } from './linkedinFakeOAuth';
import { commentsOnPost, createComment, createPost, postsByAuthor } from './linkedinFakePosts';
import { initializeImageUpload, organization, organizationAcls, uploadImage, userinfo } from './linkedinFakeRest';
import { LinkedInFakeState } from './linkedinFakeState';
import { getPost, shareStatistics } from './linkedinFakeStatistics';
import { uploadVideoPart, videoAction, videoStatus } from './linkedinFakeVideos';

/** The scopes a member's connection carries; an organization's add the organization scopes. */
export const MEMBER_SCOPES = ['openid', 'profile', 'w_member_social'];
export const ORGANIZATION_SCOPES = [...MEMBER_SCOPES, 'w_organization_social', 'rw_organization_admin', 'r_organization_social'];

/**
 * A local stand-in for LinkedIn's OAuth and REST APIs: every request checked against the table
 * of LinkedIn's pages (LINKEDIN_API, docs/platforms.md) and the headers every versioned call
 * carries, answered in LinkedIn's shapes, kept for the tests, and scripted answers for the next
 * matching request (a route, or an operation id of the table).
 */
export class LinkedInFake extends PlatformFake<LinkedInFakeState, ScriptedAnswer> {
  private constructor(state: LinkedInFakeState) {
    const authority = linkedInAuthority(state);
    super(state, {
      platform: 'LinkedIn',
      checker: LINKEDIN_API,
      authority,
      operations: {
        'linkedin.oauth.token': authority.token,
        'linkedin.oauth.revoke': authority.revoke,
        'linkedin.userinfo': userinfo,
        'linkedin.organizationAcls.byRoleAssignee': organizationAcls,
        'linkedin.organizations.get': organization,
        'linkedin.images.initializeUpload': initializeImageUpload,
        'linkedin.videos.action': videoAction,
        'linkedin.videos.get': videoStatus,
        'linkedin.posts.create': createPost,
        'linkedin.posts.byAuthor': postsByAuthor,
        'linkedin.posts.get': getPost,
        'linkedin.organizationalEntityShareStatistics': shareStatistics,
        'linkedin.comments.create': createComment,
        'linkedin.comments.list': commentsOnPost,
      },
      undescribed: [
        // The consent screen on www.linkedin.com (docs/platforms.md, LinkedIn: `/oauth/v2/authorization`).
        ['GET', '/oauth/v2/authorization', authority.authorizePage],
        // The upload URLs `initializeUpload` hands out, outside the REST API.
        ['PUT', /^\/dms-uploads\/\d+$/, uploadImage],
        ['PUT', /^\/dms-uploads\/video\/\d+\/\d+$/, uploadVideoPart],
      ],
      refusal,
      notFound: (request) => linkedInError(404, 'NOT_FOUND', `No route for ${request.method} ${request.path}`),
      named: scripted,
    });
  }

  static async start(): Promise<LinkedInFake> {
    return PlatformFake.listen(new LinkedInFake(new LinkedInFakeState()));
  }

  /** Tokens as a finished authorization would have them. */
  tokens(scopes: readonly string[] = MEMBER_SCOPES): { accessToken: string; refreshToken: string } {
    return this.state.issueTokens(this.state.member.sub, scopes);
  }

  expire(accessToken: string): void {
    this.state.expire(accessToken);
  }

  /** The JSON (or form) bodies sent to `method path`, in order. */
  bodiesTo(method: string, path: string): Array<Record<string, unknown>> {
    return this.received
      .filter((r) => r.method === method && r.path === path)
      .map((r) =>
        /json/.test(String(r.headers['content-type'])) ? JSON.parse(r.body.toString('utf8')) : Object.fromEntries(new URLSearchParams(r.body.toString('utf8'))),
      );
  }
}
