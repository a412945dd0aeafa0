import { type AtprotoSessionGrant } from '../../../application/ports/platforms/PlatformGrant';
import { LexiconApi } from './blueskyFakeLexicon';
import { type FakeCall } from './kit/fakeCall';
import { PlatformFake } from './kit/platformFake';
import { describeViolation } from './kit/RequestChecker';
import { type Answer, type Script } from './kit/scriptedAnswers';

/** A post's counts as an AppView's `postView` carries them (each optional in the lexicon). */
export interface PostViewCounts {
  readonly likeCount?: number;
  readonly repostCount?: number;
  readonly replyCount?: number;
  readonly quoteCount?: number;
  readonly bookmarkCount?: number;
}

export interface FakeBlueskyPost {
  readonly uri: string;
  readonly text: string;
  readonly createdAt: Date;
  counts: PostViewCounts;
  /** Whether the AppView has indexed it yet (a new post reaches it from the firehose a moment later). */
  indexed: boolean;
  /** Deleted from the account's repository (and so from the AppView). */
  deleted: boolean;
}

/** A valid CID (of a small CBOR value): the fake does not hash its records, the lexicons only need the format. */
const RECORD_CID = 'bafyreihltcnuuyqp2jm24aqydpnlj7b6w3ogwrplomrjtg5rifv44mmjey';

export class BlueskyFakeState {
  readonly did = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';
  readonly handle = 'ada.test';
  readonly posts = new Map<string, FakeBlueskyPost>();
  private sequence = 0;

  /** A record key as the PDS makes one (a TID's shape). */
  nextRecordKey(): string {
    this.sequence += 1;
    return `3lfake${String(this.sequence).padStart(7, '0')}`;
  }
}

/** The fake's own scripted answers: a rate limit as Bluesky's services answer one (`ratelimit-*` headers, reset as an epoch second). */
export type ScriptedBlueskyAnswer = { readonly kind: 'rateLimited'; readonly resetAtEpochSeconds: number };

type BlueskyCall = FakeCall<BlueskyFakeState>;

const xrpcError = (status: number, error: string, message: string, headers: Record<string, string> = {}): Answer => ({
  status,
  body: { error, message },
  headers,
});

/** `app.bsky.feed.getPosts`: the postViews of the posts the AppView has (indexed, not deleted), in the order asked; the rest left out. */
function getPosts(call: BlueskyCall) {
  const { state } = call;
  const posts = call.url.searchParams
    .getAll('uris')
    .map((uri) => state.posts.get(uri))
    .filter((post): post is FakeBlueskyPost => post?.indexed === true && !post.deleted)
    .map((post) => ({
      uri: post.uri,
      cid: RECORD_CID,
      author: { did: state.did, handle: state.handle, displayName: 'Ada Lovelace' },
      record: { $type: 'app.bsky.feed.post', text: post.text, createdAt: post.createdAt.toISOString() },
      ...post.counts,
      indexedAt: post.createdAt.toISOString(),
      labels: [],
    }));
  call.answer(200, { posts });
}

/** `com.atproto.repo.getRecord` on the account's repository (the fake is its PDS too): RecordNotFound once deleted. */
function getRecord(call: BlueskyCall) {
  const query = call.url.searchParams;
  const uri = `at://${query.get('repo')}/${query.get('collection')}/${query.get('rkey')}`;
  const post = call.state.posts.get(uri);
  if (post === undefined || post.deleted) return call.send(xrpcError(400, 'RecordNotFound', `Could not locate record: ${uri}`));
  call.answer(200, { uri, cid: RECORD_CID, value: { $type: 'app.bsky.feed.post', text: post.text, createdAt: post.createdAt.toISOString() } });
}

function scripted(answer: ScriptedBlueskyAnswer): Script {
  const headers = {
    'ratelimit-limit': '3000',
    'ratelimit-remaining': '0',
    'ratelimit-reset': String(answer.resetAtEpochSeconds),
    'ratelimit-policy': '3000;w=300',
  };
  return { kind: 'answer', answer: xrpcError(429, 'RateLimitExceeded', 'Rate Limit Exceeded', headers) };
}

/**
 * A local stand-in for a Bluesky AppView (app.bsky.feed.getPosts) that is also the account's PDS
 * (com.atproto.repo.getRecord): every request held to the lexicons @atproto/api ships
 * (LexiconApi), every answer to the query's output schema, XRPC's error shape for refusals.
 */
export class BlueskyFake extends PlatformFake<BlueskyFakeState, ScriptedBlueskyAnswer> {
  private constructor(state: BlueskyFakeState) {
    super(state, {
      platform: 'Bluesky',
      checker: new LexiconApi(),
      operations: { 'app.bsky.feed.getPosts': getPosts, 'com.atproto.repo.getRecord': getRecord },
      refusal: (violations) => xrpcError(400, 'InvalidRequest', violations.map(describeViolation).join('; ')),
      notFound: (request) => xrpcError(501, 'MethodNotImplemented', `Method Not Implemented: ${request.path}`),
      named: scripted,
    });
  }

  static async start(): Promise<BlueskyFake> {
    return PlatformFake.listen(new BlueskyFake(new BlueskyFakeState()));
  }

  /** A post of the account's, indexed by the AppView unless said otherwise; its at:// uri. */
  post(text: string, createdAt: Date, counts: PostViewCounts, indexed = true): string {
    const uri = `at://${this.state.did}/app.bsky.feed.post/${this.state.nextRecordKey()}`;
    this.state.posts.set(uri, { uri, text, createdAt, counts, indexed, deleted: false });
    return uri;
  }

  /** The session a connection to the account holds, its PDS this fake. */
  session(): AtprotoSessionGrant {
    return {
      kind: 'atproto_session',
      service: this.baseUrl,
      did: this.state.did,
      handle: this.state.handle,
      accessJwt: 'fake-access-jwt',
      refreshJwt: 'fake-refresh-jwt',
      appPassword: 'abcd-efgh-ijkl-mnop',
    };
  }
}
