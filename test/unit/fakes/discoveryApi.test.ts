import { expect } from 'chai';
import { type IncomingHttpHeaders } from 'node:http';
import { DiscoveryApi } from '../../support/fakes/kit/discoveryApi';
import { describeViolation, type SeenRequest } from '../../support/fakes/kit/RequestChecker';

const youtube = DiscoveryApi.load('youtube-v3-discovery.json');

const SCOPE = {
  upload: 'https://www.googleapis.com/auth/youtube.upload',
  readonly: 'https://www.googleapis.com/auth/youtube.readonly',
  forceSsl: 'https://www.googleapis.com/auth/youtube.force-ssl',
};
const ALL = Object.values(SCOPE);
const BEARER = { authorization: 'Bearer ya29.access-1' };
const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };
const KIB_256 = 256 * 1024;

function seen(method: string, url: string, headers: IncomingHttpHeaders = BEARER, body: string | Buffer | object = ''): SeenRequest {
  const parsed = new URL(url, 'http://127.0.0.1');
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return { method, path: parsed.pathname, query: parsed.searchParams, headers, body: bytes };
}

/** The violations as a test failure prints them. */
function check(request: SeenRequest, scopes: readonly string[] | null = ALL, api = youtube): { operation: string | null; violations: string[] } {
  const { operation, violations } = api.check(request, scopes);
  return { operation, violations: violations.map(describeViolation) };
}

const VIDEO = {
  snippet: { title: 'Shipping Dispatch 1.0', description: 'What changed' },
  status: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: false },
};
const START = '/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status';
const START_HEADERS = { ...BEARER, ...JSON_TYPE, 'x-upload-content-length': '300000', 'x-upload-content-type': 'video/mp4' };
const SESSION = '/upload/youtube/v3/videos?uploadType=resumable&upload_id=AEnB2U1&part=snippet,status';
const COMMENT = { snippet: { channelId: 'UCdispatch', videoId: 'vid00000001', topLevelComment: { snippet: { textOriginal: 'More below' } } } };

describe('DiscoveryApi: requests held to a Google discovery document (YouTube Data API v3 excerpt)', () => {
  it('names the document and its revision', () => {
    expect(youtube.name).to.equal('YouTube Data API v3 revision 20231009 (youtube-v3-discovery.json)');
  });

  describe('requests that pass', () => {
    const passing: Array<[string, SeenRequest, string]> = [
      ['the channels of the grant', seen('GET', '/youtube/v3/channels?part=snippet&mine=true&maxResults=50'), 'youtube.channels.list'],
      ['the uploads playlist of the channel', seen('GET', '/youtube/v3/channels?part=contentDetails&mine=true'), 'youtube.channels.list'],
      [
        'the recent uploads',
        seen('GET', '/youtube/v3/playlistItems?part=snippet,contentDetails&playlistId=UUdispatch&maxResults=50'),
        'youtube.playlistItems.list',
      ],
      ['the own videos by search', seen('GET', '/youtube/v3/search?part=snippet&forMine=true&type=video&order=date&maxResults=25'), 'youtube.search.list'],
      ['a video’s channel', seen('GET', '/youtube/v3/videos?part=snippet&id=vid00000001'), 'youtube.videos.list'],
      ['statistics of several videos', seen('GET', '/youtube/v3/videos?part=snippet&part=status,statistics&id=a1,b2'), 'youtube.videos.list'],
      ['a comment thread', seen('POST', '/youtube/v3/commentThreads?part=snippet', { ...BEARER, ...JSON_TYPE }, COMMENT), 'youtube.commentThreads.insert'],
      ['a resumable session’s start', seen('POST', START, START_HEADERS, VIDEO), 'youtube.videos.insert'],
      [
        'the same on the resumable path',
        seen('POST', '/resumable/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status', START_HEADERS, VIDEO),
        'youtube.videos.insert',
      ],
      ['a first chunk', seen('PUT', SESSION, { ...BEARER, 'content-range': 'bytes 0-262143/300000' }, Buffer.alloc(KIB_256)), 'youtube.videos.insert'],
      [
        'a last, shorter chunk',
        seen('PUT', SESSION, { ...BEARER, 'content-range': 'bytes 262144-299999/300000' }, Buffer.alloc(37856)),
        'youtube.videos.insert',
      ],
      ['a session’s status', seen('PUT', SESSION, { ...BEARER, 'content-range': 'bytes */300000' }), 'youtube.videos.insert'],
      ['a whole file in one PUT', seen('PUT', SESSION, { ...BEARER, 'content-type': 'video/mp4' }, Buffer.alloc(10)), 'youtube.videos.insert'],
      [
        'a thumbnail',
        seen('POST', '/upload/youtube/v3/thumbnails/set?videoId=vid00000001&uploadType=media', { ...BEARER, 'content-type': 'image/png' }, 'png'),
        'youtube.thumbnails.set',
      ],
      ['a public read with an API key', seen('GET', '/youtube/v3/videos?part=statistics&id=a1&key=AIza-key', {}), 'youtube.videos.list'],
    ];
    for (const [what, request, operation] of passing) {
      it(`${what}: ${operation}`, () => {
        expect(check(request)).to.deep.equal({ operation, violations: [] });
      });
    }

    it('a multipart upload: the resource as JSON, then the video', () => {
      const body = [
        '--b1',
        'Content-Type: application/json; charset=UTF-8',
        '',
        JSON.stringify(VIDEO),
        '--b1',
        'Content-Type: video/mp4',
        '',
        'mp4-bytes',
        '--b1--',
      ].join('\r\n');
      const request = seen(
        'POST',
        '/upload/youtube/v3/videos?uploadType=multipart&part=snippet,status',
        { ...BEARER, 'content-type': 'multipart/related; boundary=b1' },
        body,
      );
      expect(check(request).violations).to.deep.equal([]);
    });

    it('scopes are not checked when the fake does not know them', () => {
      expect(check(seen('POST', '/youtube/v3/commentThreads?part=snippet', { ...BEARER, ...JSON_TYPE }, COMMENT), null).violations).to.deep.equal([]);
    });
  });

  describe('requests that fail, naming the method, the field and the rule', () => {
    it('a path the description does not have', () => {
      expect(check(seen('GET', '/youtube/v3/videoz?part=snippet'))).to.deep.equal({
        operation: null,
        violations: ['GET /youtube/v3/videoz: path: the description has no method on this path'],
      });
    });

    it('an HTTP method the path does not take', () => {
      expect(check(seen('DELETE', '/youtube/v3/channels?part=snippet')).violations).to.deep.equal([
        'DELETE /youtube/v3/channels: path: the description has no DELETE on this path, only GET (youtube.channels.list)',
      ]);
    });

    it('a PUT on the upload path without a session', () => {
      expect(check(seen('PUT', '/upload/youtube/v3/videos?uploadType=resumable')).operation).to.equal(null);
    });

    const failing: Array<[string, SeenRequest, string]> = [
      ['part left out', seen('GET', '/youtube/v3/videos?id=a1'), 'youtube.videos.list: query.part: required by youtube.videos.list'],
      [
        'a part the resource does not have',
        seen('GET', '/youtube/v3/videos?part=snippet,statistic&id=a1'),
        'youtube.videos.list: query.part: "statistic" is not a part of Video: one of ageGating, contentDetails, fileDetails, id, liveStreamingDetails, localizations, monetizationDetails, player, processingDetails, projectDetails, recordingDetails, snippet, statistics, status, suggestions, topicDetails',
      ],
      [
        'a value outside the enum',
        seen('GET', '/youtube/v3/search?part=snippet&forMine=true&order=newest'),
        'youtube.search.list: query.order: must be one of searchSortUnspecified, date, rating, viewCount, relevance, title, videoCount, not "newest"',
      ],
      [
        'an integer over the maximum',
        seen('GET', '/youtube/v3/channels?part=snippet&mine=true&maxResults=51'),
        'youtube.channels.list: query.maxResults: must be from 0 to 50, not 51',
      ],
      [
        'an integer under the minimum',
        seen('GET', '/youtube/v3/videos?part=id&chart=mostPopular&maxResults=0'),
        'youtube.videos.list: query.maxResults: must be from 1 to 50, not 0',
      ],
      [
        'a boolean that is not one',
        seen('GET', '/youtube/v3/channels?part=snippet&mine=yes'),
        'youtube.channels.list: query.mine: must be true or false, not "yes"',
      ],
      [
        'a parameter given twice that is not repeated',
        seen('GET', '/youtube/v3/channels?part=id&mine=true&mine=true'),
        'youtube.channels.list: query.mine: given 2 times; it is not repeated',
      ],
      [
        'a misspelled parameter',
        seen('GET', '/youtube/v3/channels?part=id&mine=true&maxResult=5'),
        'youtube.channels.list: query.maxResult: not a parameter of youtube.channels.list nor a global one',
      ],
      [
        'a date-time that is not RFC 3339',
        seen('GET', '/youtube/v3/search?part=snippet&forMine=true&publishedAfter=yesterday'),
        'youtube.search.list: query.publishedAfter: must be an RFC 3339 date-time, not "yesterday"',
      ],
      ['an empty value', seen('GET', '/youtube/v3/videos?part=&id=a1'), 'youtube.videos.list: query.part: is empty'],
      [
        'a global parameter outside its enum',
        seen('GET', '/youtube/v3/videos?part=id&id=a1&alt=xml'),
        'youtube.videos.list: query.alt: must be one of json, media, proto, not "xml"',
      ],
    ];
    for (const [what, request, violation] of failing) {
      it(what, () => {
        expect(check(request).violations).to.deep.equal([violation]);
      });
    }
  });

  describe('bodies, against the request schema', () => {
    const start = (resource: object, part = 'snippet,status') =>
      check(seen('POST', `/upload/youtube/v3/videos?uploadType=resumable&part=${part}`, START_HEADERS, resource)).violations;

    it('a misspelled field is an unknown name, as Google’s parser refuses it', () => {
      expect(start({ ...VIDEO, snippet: { titel: 'x' } })).to.deep.equal([
        'youtube.videos.insert: body.snippet.titel: unknown field: VideoSnippet has no such property (Google answers 400 "Invalid JSON payload received. Unknown name")',
      ]);
    });

    it('an enum value in the wrong case, a boolean as a string', () => {
      expect(start({ ...VIDEO, status: { privacyStatus: 'Private', selfDeclaredMadeForKids: 'false' } })).to.deep.equal([
        'youtube.videos.insert: body.status.privacyStatus: must be one of public, unlisted, private',
        'youtube.videos.insert: body.status.selfDeclaredMadeForKids: must be boolean (VideoStatus)',
      ]);
    });

    it('array items and nested types', () => {
      expect(
        start({ snippet: { title: 'x', tags: ['a', 2] }, recordingDetails: { location: { latitude: 'north' } } }, 'snippet,recordingDetails'),
      ).to.deep.equal([
        'youtube.videos.insert: body.recordingDetails.location.latitude: must be number (GeoPoint)',
        'youtube.videos.insert: body.snippet.tags[1]: must be string (VideoSnippet)',
      ]);
    });

    it('a part of the body that part does not name would not be set', () => {
      expect(start(VIDEO, 'snippet')).to.deep.equal([
        'youtube.videos.insert: body.status: sent but not named in part (snippet): youtube.videos.insert would not set it',
      ]);
    });

    it('a body that is not JSON, or not sent as JSON', () => {
      expect(check(seen('POST', '/youtube/v3/commentThreads?part=snippet', { ...BEARER, ...JSON_TYPE }, '{snippet:')).violations).to.deep.equal([
        'youtube.commentThreads.insert: body: is not JSON (Google answers 400 "Invalid JSON payload received")',
      ]);
      expect(check(seen('POST', '/youtube/v3/commentThreads?part=snippet', { ...BEARER, 'content-type': 'text/plain' }, COMMENT)).violations).to.deep.equal([
        'youtube.commentThreads.insert: header.Content-Type: a CommentThread resource is sent as application/json, not "text/plain"',
      ]);
    });

    it('an insert without its resource, a read with a body', () => {
      expect(check(seen('POST', '/youtube/v3/commentThreads?part=snippet', BEARER)).violations).to.deep.equal([
        'youtube.commentThreads.insert: body: youtube.commentThreads.insert takes a CommentThread resource as JSON; the request has none',
      ]);
      expect(check(seen('GET', '/youtube/v3/videos?part=id&id=a1', { ...BEARER, ...JSON_TYPE }, { id: 'a1' })).violations).to.deep.equal([
        'youtube.videos.list: body: youtube.videos.list takes no body',
      ]);
    });
  });

  describe('the upload protocols', () => {
    it('a session’s start states the file’s size and an accepted type', () => {
      const headers = { ...BEARER, ...JSON_TYPE, 'x-upload-content-type': 'image/png' };
      expect(check(seen('POST', START, headers, VIDEO)).violations).to.deep.equal([
        'youtube.videos.insert: header.X-Upload-Content-Length: must be the file\'s size in bytes, not ""',
        'youtube.videos.insert: header.X-Upload-Content-Type: must be one of video/*, application/octet-stream, not "image/png"',
      ]);
    });

    it('a file over the method’s maxSize', () => {
      const headers = { ...START_HEADERS, 'x-upload-content-length': String(274877906944 + 1) };
      expect(check(seen('POST', START, headers, VIDEO)).violations).to.deep.equal([
        "youtube.videos.insert: media: 274877906945 bytes is over the method's maxSize 274877906944",
      ]);
    });

    it('an upload path needs an uploadType it offers', () => {
      expect(check(seen('POST', '/upload/youtube/v3/videos?part=snippet', START_HEADERS, VIDEO)).violations).to.deep.equal([
        'youtube.videos.insert: query.uploadType: an upload path needs uploadType media, multipart, resumable, not ""',
      ]);
      expect(check(seen('POST', '/resumable/upload/youtube/v3/videos?uploadType=media&part=snippet', START_HEADERS, VIDEO)).violations).to.deep.equal([
        'youtube.videos.insert: query.uploadType: an upload path needs uploadType resumable, not "media"',
      ]);
    });

    const put = (range: string | undefined, bytes: number) =>
      check(seen('PUT', SESSION, range === undefined ? BEARER : { ...BEARER, 'content-range': range }, Buffer.alloc(bytes))).violations;

    it('a chunk whose bytes are not what Content-Range says', () => {
      expect(put('bytes 0-262143/300000', 1000)).to.deep.equal(['youtube.videos.insert: body: carries 1000 bytes, Content-Range says 262144']);
    });

    it('a chunk before the last that is not a multiple of 256 KiB', () => {
      expect(put('bytes 0-99999/300000', 100000)).to.deep.equal([
        'youtube.videos.insert: header.Content-Range: a chunk but the last is a multiple of 256 KiB, not 100000 bytes',
      ]);
    });

    it('a malformed range, a range past the end, a status request with a body, an empty PUT without a range', () => {
      expect(put('bytes=0-9/10', 10)).to.deep.equal([
        'youtube.videos.insert: header.Content-Range: must be bytes {first}-{last}/{size} or bytes */{size}, not "bytes=0-9/10"',
      ]);
      expect(put('bytes 0-10/10', 11)).to.deep.equal(['youtube.videos.insert: header.Content-Range: 0-10 is not a range within 10 bytes']);
      expect(put('bytes */10', 10)).to.deep.equal(['youtube.videos.insert: body: a status request (bytes */size) has no body']);
      expect(put(undefined, 0)).to.deep.equal(['youtube.videos.insert: header.Content-Range: a status request needs bytes */{size}']);
    });

    it('a media upload of a type the method does not accept', () => {
      const request = seen('POST', '/upload/youtube/v3/thumbnails/set?videoId=v1&uploadType=media', { ...BEARER, 'content-type': 'image/gif' }, 'gif');
      expect(check(request).violations).to.deep.equal([
        'youtube.thumbnails.set: header.Content-Type: must be one of image/jpeg, image/png, application/octet-stream, not "image/gif"',
      ]);
    });
  });

  describe('credentials and scopes', () => {
    it('no credentials at all', () => {
      expect(check(seen('GET', '/youtube/v3/channels?part=snippet&mine=true', {})).violations).to.deep.equal([
        'youtube.channels.list: header.Authorization: youtube.channels.list needs an OAuth 2.0 Bearer token (or an API key for public data); the request has neither',
      ]);
    });

    it('another scheme than Bearer', () => {
      expect(check(seen('GET', '/youtube/v3/channels?part=snippet&mine=true', { authorization: 'Basic dXNlcjpwdw==' })).violations).to.deep.equal([
        'youtube.channels.list: header.Authorization: must be "Bearer {access token}", not "Basic …"',
      ]);
    });

    it('a token without any of the method’s scopes; one of them is enough', () => {
      const comment = seen('POST', '/youtube/v3/commentThreads?part=snippet', { ...BEARER, ...JSON_TYPE }, COMMENT);
      expect(check(comment, [SCOPE.readonly, SCOPE.upload]).violations).to.deep.equal([
        `youtube.commentThreads.insert: scope: youtube.commentThreads.insert needs one of ${SCOPE.forceSsl}; the token has ${SCOPE.readonly}, ${SCOPE.upload}`,
      ]);
      expect(check(seen('POST', START, START_HEADERS, VIDEO), [SCOPE.upload]).violations).to.deep.equal([]);
      expect(check(seen('GET', '/youtube/v3/channels?part=id&mine=true'), [SCOPE.upload]).violations).to.have.length(1);
    });

    it('a chunk is held to the method’s scopes too', () => {
      const chunk = seen('PUT', SESSION, { ...BEARER, 'content-range': 'bytes */10' });
      expect(check(chunk, [SCOPE.readonly]).violations).to.deep.equal([
        `youtube.videos.insert: scope: youtube.videos.insert needs one of https://www.googleapis.com/auth/youtube, ${SCOPE.forceSsl}, ${SCOPE.upload}, https://www.googleapis.com/auth/youtubepartner; the token has ${SCOPE.readonly}`,
      ]);
    });
  });
});
