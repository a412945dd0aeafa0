import { type Credential } from '../../domain/credential/Credential';
import { unauthenticated } from '../../domain/shared/DomainError';
import { type UserRepository } from '../../domain/user/UserRepository';
import { type AccessTokenVerifier } from '../ports/AccessTokenVerifier';
import { type ApiKeyCredentials } from '../ports/ApiKeyCredentials';
import { type SecretHasher } from '../ports/SecretHasher';
import { type Clock } from '../ports/Clock';
import { isSessionLive, type SessionStore } from '../ports/SessionStore';
import { isForAnotherBaseUrl, type SessionForAnotherBaseUrl, type SessionTokens } from '../ports/SessionTokens';
import { API_KEY_PREFIX, isWellFormedApiKey, lookupPrefixOf } from './apiKeyFormat';

const invalid = (message: string) => unauthenticated('invalid_token', message);

/** What a session issued where BASE_URL (or PORT) was not the service's is told: the two URLs, and the way out. */
const anotherBaseUrl = ({ issuedFor, servedBy }: SessionForAnotherBaseUrl): string =>
  `this session token was issued for ${issuedFor}, this service is ${servedBy}: ` +
  `issue it again with BASE_URL=${servedBy} (npm run -s admin -- session issue)`;

/** Turns a bearer token into a verified credential, or fails with 401. */
export class AuthenticateBearer {
  constructor(
    private readonly apiKeys: ApiKeyCredentials,
    private readonly users: UserRepository,
    private readonly hasher: SecretHasher,
    private readonly sessions: SessionTokens,
    private readonly accessTokens: AccessTokenVerifier,
    private readonly sessionStore: SessionStore,
    private readonly clock: Clock,
  ) {}

  async execute(token: string): Promise<Credential> {
    // An API key's live membership (checked in apiKey) already proves its user exists.
    if (token.startsWith(API_KEY_PREFIX)) return this.apiKey(token);
    const credential = await this.jwt(token);
    // An OAuth token's live family already proves its user exists (the family goes with the user).
    if (credential.kind === 'session' && (await this.users.findById(credential.userId)) === null) {
      throw invalid("the credential's user no longer exists");
    }
    return credential;
  }

  private async apiKey(token: string): Promise<Credential> {
    if (!isWellFormedApiKey(token)) throw invalid('the API key is malformed');
    const found = await this.apiKeys.findByLookupPrefix(lookupPrefixOf(token));
    if (found === null || !this.hasher.tokenMatches(token, found.key.secretHash)) throw invalid('the API key is not valid');
    const { key, creatorRole } = found;
    if (key.isRevoked) throw invalid('the API key has been revoked');
    // A key stops working as soon as its creator leaves the workspace.
    if (creatorRole === null) throw invalid("the API key's creator is no longer a member of its workspace");
    return {
      kind: 'api_key',
      id: key.id,
      userId: key.userId,
      workspaceId: key.workspaceId,
      frozenRole: key.role,
      creatorRole,
      scopes: key.scopes,
    };
  }

  private async jwt(token: string): Promise<Credential> {
    const session = await this.sessions.verify(token);
    if (session !== null && isForAnotherBaseUrl(session)) throw invalid(anotherBaseUrl(session));
    if (session !== null) {
      // Signed is not enough: a session revoked before its expiry is over.
      if (!isSessionLive(await this.sessionStore.find(session.sessionId), this.clock.now())) throw invalid('the session has been revoked or has expired');
      return { kind: 'session', id: session.sessionId, userId: session.userId };
    }
    const oauth = await this.accessTokens.verify(token);
    if (oauth !== null) return oauth;
    throw invalid('the token is not valid or has expired');
  }
}
