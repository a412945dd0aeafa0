import { PlatformFake } from './kit/platformFake';
import { listBoards, userAccount } from './pinterestFakeAccount';
import { pinAnalytics, pinterestChecker } from './pinterestFakeAnalytics';
import { notFound, refusal, type ScriptedAnswer, scripted } from './pinterestFakeAnswers';
import { mediaStatus, registerMedia, uploadForm } from './pinterestFakeMedia';
import { pinterestAuthority } from './pinterestFakeOAuth';
import { createPin, listPins } from './pinterestFakePins';
import { PinterestFakeState } from './pinterestFakeState';

/** The scopes the connector's authorize URL asks for: what a finished connection's tokens carry. */
const CONNECTED_SCOPES = ['boards:read', 'boards:write', 'pins:read', 'pins:write', 'user_accounts:read'];

/**
 * A local stand-in for Pinterest's API v5, its authorization page and the storage its video
 * uploads go to: every API request checked against Pinterest's own description
 * (pinterest-openapi.json), answered in the description's shapes, kept for the tests, the image
 * links of a pin fetched as Pinterest does, and scripted answers for the next matching request.
 * (The description's `metric_types` is read as its prose means it: pinterestFakeAnalytics.ts.)
 */
export class PinterestFake extends PlatformFake<PinterestFakeState, ScriptedAnswer> {
  private constructor(state: PinterestFakeState) {
    const authority = pinterestAuthority(state);
    super(state, {
      platform: 'Pinterest',
      checker: pinterestChecker(),
      authority,
      operations: {
        'oauth/token': authority.token,
        'user_account/get': userAccount,
        'boards/list': listBoards,
        'media/create': registerMedia,
        'media/get': mediaStatus,
        'pins/create': createPin,
        'pins/list': listPins,
        'pins/analytics': pinAnalytics,
      },
      undescribed: [
        // Pinterest's documentation: the authorization page, at www.pinterest.com/oauth/.
        ['GET', '/oauth/', authority.authorizePage],
        // The upload URL POST /v5/media hands out (S3), outside the API.
        ['POST', '/pinterest-media-upload', uploadForm],
      ],
      refusal,
      notFound: (request) => notFound(`${request.method} ${request.path}`),
      named: scripted,
    });
  }

  static async start(): Promise<PinterestFake> {
    return PlatformFake.listen(new PinterestFake(new PinterestFakeState()));
  }

  /** Tokens as a finished authorization would have them. */
  tokens(scopes: readonly string[] = CONNECTED_SCOPES): { accessToken: string; refreshToken: string } {
    return this.state.issueTokens(this.state.account.id, scopes);
  }
}
