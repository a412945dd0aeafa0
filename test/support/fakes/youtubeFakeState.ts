import { OAuthGrants } from './kit/oauthGrants';
import { type SeenRequest } from './kit/RequestChecker';

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
  /** When the upload completed: the video's `publishedAt` and its uploads playlist item's. */
  readonly uploadedAt: Date;
}

export interface FakeCommentThread {
  readonly id: string;
  /** The channel whose video it is on. */
  readonly channelId: string;
  readonly videoId: string;
  /** The channel that wrote it. */
  readonly authorChannelId: string;
  readonly text: string;
  readonly publishedAt: Date;
}

export const SCOPE = {
  upload: 'https://www.googleapis.com/auth/youtube.upload',
  readonly: 'https://www.googleapis.com/auth/youtube.readonly',
  forceSsl: 'https://www.googleapis.com/auth/youtube.force-ssl',
};

/** The scopes the connector's consent URL asks for: what a finished connection's tokens carry. */
export const ALL_SCOPES = [SCOPE.upload, SCOPE.readonly, SCOPE.forceSsl];

/** The uploads playlist YouTube keeps for a channel (`UC…` → `UU…`). */
export const uploadsPlaylistOf = (channelId: string): string => `UU${channelId.slice(2)}`;

/** What the fake Google holds (its OAuth grants among it): one account's channels, upload sessions, videos, comments. */
export class YouTubeFakeState extends OAuthGrants {
  readonly userId = 'google-user-1';
  readonly channels: FakeChannel[] = [{ id: 'UCdispatch0000000000000a', title: 'Dispatch Demo', customUrl: '@dispatchdemo' }];
  readonly sessions = new Map<string, FakeSession>();
  readonly videos: FakeVideo[] = [];
  readonly commentThreads: FakeCommentThread[] = [];
  /** Each video's `statistics` part as YouTube sends it (VideoStatistics: counts as strings); zeros where unset. */
  readonly statistics = new Map<string, Record<string, string>>();
  /** Chunks of which Google keeps only the first bytes before the connection drops (`YouTubeFake.dropChunk`). */
  readonly partialKeeps: Array<{ readonly when: (request: SeenRequest) => boolean; readonly bytes: number }> = [];
  /** Google's clock, for videos' and comments' times: a test running the engine on a fixed clock sets it to that. */
  now: () => Date = () => new Date();

  constructor() {
    super('1234-dispatch.apps.googleusercontent.com', 'GOCSPX-fake-secret', ['ya29.access-', '1//refresh-']);
    this.accessLifetimeSeconds = 3599;
  }

  /** An 11-character video id, as YouTube's are. */
  videoId(): string {
    return `vid${String(this.next()).padStart(8, '0')}`;
  }
}
