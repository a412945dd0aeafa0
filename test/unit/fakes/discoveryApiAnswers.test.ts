import { expect } from 'chai';
import { DiscoveryApi } from '../../support/fakes/kit/discoveryApi';
import { type DiscoveryDocument } from '../../support/fakes/kit/discoveryDocument';
import { describeViolation } from '../../support/fakes/kit/RequestChecker';

const youtube = DiscoveryApi.load('youtube-v3-discovery.json');

const answer = (operation: string, status: number, body: unknown, api = youtube) => api.checkAnswer(operation, status, body).map(describeViolation);

const VIDEO = {
  kind: 'youtube#video',
  etag: 'e1',
  id: 'vid00000001',
  snippet: {
    channelId: 'UCdispatch',
    title: 'Shipping',
    publishedAt: '2026-01-05T10:00:00Z',
    thumbnails: { default: { url: 'https://i.ytimg.com/x.jpg', width: 120, height: 90 } },
  },
  status: { privacyStatus: 'unlisted', uploadStatus: 'uploaded', selfDeclaredMadeForKids: false },
  statistics: { viewCount: '10', likeCount: '2', commentCount: '0' },
};

describe('DiscoveryApi: a fake’s answers held to the response schema', () => {
  it('a video list as YouTube answers it', () => {
    const list = { kind: 'youtube#videoListResponse', etag: 'e', items: [VIDEO], pageInfo: { totalResults: 1, resultsPerPage: 1 } };
    expect(answer('youtube.videos.list', 200, list)).to.deep.equal([]);
  });

  it('a channel with its uploads playlist, a playlist item, a search result, a comment thread', () => {
    const channel = {
      kind: 'youtube#channel',
      id: 'UC1',
      contentDetails: { relatedPlaylists: { uploads: 'UU1', likes: '' } },
      snippet: { title: 'Demo', customUrl: '@demo' },
    };
    expect(answer('youtube.channels.list', 200, { kind: 'youtube#channelListResponse', items: [channel] })).to.deep.equal([]);
    const item = { kind: 'youtube#playlistItem', id: 'p1', contentDetails: { videoId: 'v1', videoPublishedAt: '2026-01-05T10:00:00Z' } };
    expect(answer('youtube.playlistItems.list', 200, { items: [item], nextPageToken: 'CAUQAA' })).to.deep.equal([]);
    const result = { kind: 'youtube#searchResult', id: { kind: 'youtube#video', videoId: 'v1' }, snippet: { liveBroadcastContent: 'none' } };
    expect(answer('youtube.search.list', 200, { items: [result], regionCode: 'DE' })).to.deep.equal([]);
    const thread = {
      kind: 'youtube#commentThread',
      id: 't1',
      snippet: { videoId: 'v1', topLevelComment: { kind: 'youtube#comment', snippet: { textOriginal: 'hi', likeCount: 0 } } },
    };
    expect(answer('youtube.commentThreads.insert', 200, thread)).to.deep.equal([]);
  });

  it('a count as a JSON number (Google writes 64-bit integers as strings), a misspelled field, a date that is not one', () => {
    const wrong = { ...VIDEO, snippet: { ...VIDEO.snippet, channelID: 'UC', publishedAt: 'today' }, statistics: { viewCount: 10 } };
    expect(answer('youtube.videos.insert', 200, wrong)).to.deep.equal([
      'youtube.videos.insert: answer.snippet.channelID: unknown field: VideoSnippet has no such property',
      'youtube.videos.insert: answer.snippet.publishedAt: must match format "date-time" (VideoSnippet)',
      'youtube.videos.insert: answer.statistics.viewCount: must be string (VideoStatistics)',
    ]);
  });

  it('no body: right for a resumable session’s start and a 308, wrong for a list', () => {
    expect(answer('youtube.videos.insert', 200, undefined)).to.deep.equal([]);
    expect(answer('youtube.videos.insert', 308, '')).to.deep.equal([]);
    expect(answer('youtube.videos.insert', 308, { kind: 'youtube#video' })).to.deep.equal([
      'youtube.videos.insert: answer: a 308 (upload incomplete) has no body',
    ]);
    expect(answer('youtube.videos.list', 200, undefined)).to.deep.equal([
      'youtube.videos.list: answer: youtube.videos.list answers a VideoListResponse resource; the answer has none',
    ]);
  });

  it('a failure carries Google’s error object, its code the status', () => {
    const error = (code: unknown) => ({ error: { code, message: 'quota', errors: [{ message: 'quota', domain: 'youtube.quota', reason: 'quotaExceeded' }] } });
    expect(answer('youtube.videos.insert', 403, error(403))).to.deep.equal([]);
    expect(answer('youtube.videos.insert', 403, error(400))).to.deep.equal(['youtube.videos.insert: answer.error.code: must be the status, 403, not 400']);
    expect(answer('youtube.videos.insert', 401, { message: 'no' })).to.deep.equal([
      "youtube.videos.insert: answer.error: a 401 answer carries Google's error object",
    ]);
  });

  it('an operation the description does not have', () => {
    expect(answer('youtube.videos.delete', 204, undefined)).to.deep.equal([
      'youtube.videos.delete: operation: not a method of YouTube Data API v3 revision 20231009 (youtube-v3-discovery.json)',
    ]);
  });
});

/** A small document with what the YouTube excerpt lacks: path parameters, a required field, a map, an int64. */
const DEMO: DiscoveryDocument = {
  kind: 'discovery#restDescription',
  name: 'demo',
  version: 'v1',
  revision: '1',
  servicePath: 'demo/v1/',
  resources: {
    things: {
      methods: {
        insert: {
          id: 'demo.things.insert',
          httpMethod: 'POST',
          path: '{+parent}/things',
          flatPath: 'shelves/{shelvesId}/things',
          parameters: { parent: { location: 'path', required: true, type: 'string', pattern: '^shelves/[^/]+$' } },
          request: { $ref: 'Thing' },
          response: { $ref: 'Thing' },
        },
      },
    },
  },
  schemas: {
    Thing: {
      id: 'Thing',
      type: 'object',
      properties: {
        name: { type: 'string', annotations: { required: ['demo.things.insert'] } },
        size: { type: 'string', format: 'int64' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
};

describe('DiscoveryApi: path parameters, annotations.required, maps and int64 (a small document)', () => {
  const demo = new DiscoveryApi(DEMO, 'demo');
  const post = (path: string, body: object) =>
    demo
      .check(
        {
          method: 'POST',
          path,
          query: new URLSearchParams(),
          headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify(body)),
        },
        null,
      )
      .violations.map(describeViolation);

  it('a path parameter captured by its template; a map of strings; an int64 written as a number in a request', () => {
    expect(post('/demo/v1/shelves/s1/things', { name: 'a', size: 12, labels: { colour: 'red' } })).to.deep.equal([]);
  });

  it('a path parameter that does not match its pattern', () => {
    expect(post('/demo/v1/racks/r1/things', { name: 'a' })).to.deep.equal(['demo.things.insert: path.parent: must match ^shelves/[^/]+$']);
  });

  it('a field required for this method, a map value of the wrong type', () => {
    expect(post('/demo/v1/shelves/s1/things', { labels: { colour: 1 } })).to.deep.equal([
      'demo.things.insert: body.name: required by demo.things.insert',
      'demo.things.insert: body.labels.colour: must be string (Thing)',
    ]);
  });

  it('an int64 answered as a number', () => {
    expect(answer('demo.things.insert', 200, { name: 'a', size: 12 }, demo)).to.deep.equal(['demo.things.insert: answer.size: must be string (Thing)']);
  });
});
