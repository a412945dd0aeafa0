import { type AccessTokenVerifier } from '../../../application/ports/AccessTokenVerifier';

/** Until the OAuth server is built no access token is ours: every one is refused. */
export class NoAccessTokens implements AccessTokenVerifier {
  async verify(): Promise<null> {
    return null;
  }
}
