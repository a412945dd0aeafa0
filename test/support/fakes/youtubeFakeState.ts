import { createHash } from 'node:crypto';
import { type IncomingHttpHeaders } from 'node:http';

export interface FakeChannel {
  readonly id: string;
  readonly title: string;
  readonly customUrl: string;
}

export interface FakeSession {
  readonly uploadId: string;
  readonly channelId: string;
  readonly metadata: { snippet: Record<string, unknown>; status: Record<string, unknown> };
  readonly total: number;
  readonly contentType: string;
  bytes: Buffer;
  videoId: string | null;
  expired: boolean;
}

export interface FakeVideo {
  readonly id: string;
  readonly channelId: string;
  readonly snippet: Record<string, unknown>;
  readonly status: Record<string, unknown>;
  readonly bytes: Buffer;
}

export interface FakeCommentThread {
  readonly id: string;
  readonly channelId: string;
  readonly videoId: string;
  readonly text: string;
}

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export const SCOPE = {
  upload: 'https://www.googleapis.com/auth/youtube.upload',
  readonly: 'https://www.googleapis.com/auth/youtube.readonly',
  forceSsl: 'https://www.googleapis.com/auth/youtube.force-ssl',
};

export const ALL_SCOPES = [SCOPE.upload, SCOPE.readonly, SCOPE.forceSsl];

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** What the fake Google holds: the app, one account's channels, tokens, upload sessions, videos, comments. */
export class YouTubeFakeState {
  readonly clientId = '1234-dispatch.apps.googleusercontent.com';
  readonly clientSecret = 'GOCSPX-fake-secret';
  readonly channels: FakeChannel[] = [{ id: 'UCdispatch0000000000000a', title: 'Dispatch Demo', customUrl: '@dispatchdemo' }];
  readonly codes = new Map<string, { redirectUri: string; codeChallenge: string | null; scopes: string[] }>();
  readonly accessTokens = new Map<string, { scopes: string[]; refreshToken: string }>();
  readonly refreshTokens = new Map<string, { scopes: string[]; revoked: boolean }>();
  readonly sessions = new Map<string, FakeSession>();
  readonly videos: FakeVideo[] = [];
  readonly commentThreads: FakeCommentThread[] = [];
  readonly received: ReceivedRequest[] = [];
  private counter = 0;

  next(): number {
    this.counter += 1;
    return this.counter;
  }

  issueTokens(scopes: string[], refreshToken = `1//refresh-${this.next()}`): { accessToken: string; refreshToken: string } {
    const accessToken = `ya29.access-${this.next()}`;
    if (!this.refreshTokens.has(refreshToken)) this.refreshTokens.set(refreshToken, { scopes, revoked: false });
    this.accessTokens.set(accessToken, { scopes, refreshToken });
    return { accessToken, refreshToken };
  }

  /** The token's scopes, or null when Google would not take it (unknown, or its grant revoked). */
  scopesOf(accessToken: string): string[] | null {
    const token = this.accessTokens.get(accessToken);
    if (!token || this.refreshTokens.get(token.refreshToken)?.revoked) return null;
    return token.scopes;
  }

  /** An 11-character video id, as YouTube's are. */
  videoId(): string {
    return `vid${String(this.next()).padStart(8, '0')}`;
  }
}
