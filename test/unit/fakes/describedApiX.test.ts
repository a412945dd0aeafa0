import { expect } from 'chai';
import { DescribedApi } from '../../support/fakes/kit/describedApi';
import { fieldsOf, json, MULTIPART, multipart, seen } from './describedApiRequests';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const USER_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'];

describe("DescribedApi on X's description (x-openapi.json, OpenAPI 3.0.0)", () => {
  const x = DescribedApi.fixture('x-openapi.json');

  it('names itself by title, version and file, and knows every format the description uses', () => {
    expect(x.name).to.equal('X API v2 2.167 (x-openapi.json)');
    expect([...x.uncheckedFormats]).to.deep.equal([]);
  });

  describe('requests it allows', () => {
    it('a tweet with a reply and reply_settings, a user token with the scopes createPosts needs', () => {
      const body = { text: 'hi', reply: { in_reply_to_tweet_id: '1880028106020001001' }, reply_settings: 'following' };
      expect(x.check(seen('POST', '/2/tweets', json('Bearer t'), body), USER_SCOPES)).to.deep.equal({ operation: 'createPosts', violations: [] });
    });

    it('user.fields as a comma-separated list (explode: false), with its dotted name', () => {
      expect(x.check(seen('GET', '/2/users/me?user.fields=profile_image_url,username', { authorization: 'Bearer t' }), USER_SCOPES).violations).to.deep.equal(
        [],
      );
    });

    it('an image upload as multipart parts: the file (its bytes as a string) and media_category', () => {
      const body = multipart([
        ['media', PNG, 'image/png'],
        ['media_category', 'tweet_image'],
      ]);
      expect(x.check(seen('POST', '/2/media/upload', { authorization: 'Bearer t', 'content-type': MULTIPART }, body), USER_SCOPES).violations).to.deep.equal(
        [],
      );
    });

    it('an append whose segment_index travels as text in its part, read as the integer the schema says', () => {
      const body = multipart([
        ['segment_index', '3'],
        ['media', PNG, 'application/octet-stream'],
      ]);
      const checked = x.check(
        seen('POST', '/2/media/upload/1880028106020001001/append', { authorization: 'Bearer t', 'content-type': MULTIPART }, body),
        USER_SCOPES,
      );
      expect(checked).to.deep.equal({ operation: 'appendMediaUpload', violations: [] });
    });

    it('a Bearer token the fake did not issue (scopes unknown): scopes are not checked', () => {
      expect(x.check(seen('POST', '/2/tweets', json('Bearer app-only'), { text: 'hi' }), null).violations).to.deep.equal([]);
    });
  });

  describe('requests it refuses, naming the operation, the field and the rule', () => {
    it('media_type in the one-shot image upload: MediaUploadRequest allows no other properties', () => {
      const body = multipart([
        ['media', PNG, 'image/png'],
        ['media_category', 'tweet_image'],
        ['media_type', 'image/png'],
      ]);
      const { violations } = x.check(seen('POST', '/2/media/upload', { authorization: 'Bearer t', 'content-type': MULTIPART }, body), USER_SCOPES);
      expect(violations).to.deep.equal([
        {
          operation: 'mediaUpload',
          field: 'body.media_type',
          rule: 'not allowed: the schema takes no other properties (additionalProperties: false; it allows additional_owners, media, media_category)',
        },
      ]);
    });

    it('a scope the connect flow did not ask for, named against those it did', () => {
      const { violations } = x.check(seen('POST', '/2/tweets', json('Bearer t'), { text: 'hi' }), ['tweet.read', 'users.read']);
      expect(violations).to.deep.equal([
        {
          operation: 'createPosts',
          field: 'scope',
          rule: 'missing tweet.write: OAuth2UserToken needs tweet.write, tweet.read, users.read; the connect flow asked for tweet.read, users.read',
        },
      ]);
    });

    it('a user token where only an app-only BearerToken or a user token with the scopes will do', () => {
      const { violations } = x.check(seen('GET', '/2/tweets?ids=1', { authorization: 'Bearer t' }), ['tweet.read']);
      expect(violations.map((v) => [v.field, v.rule.split(':')[0]])).to.deep.equal([['scope', 'missing users.read']]);
    });

    it('Basic credentials, or none, where the operation takes a user token', () => {
      expect(fieldsOf(x.check(seen('POST', '/2/tweets', json('Basic abc'), { text: 'hi' }), null).violations)).to.deep.equal(['header.Authorization']);
      const none = x.check(seen('POST', '/2/tweets', { 'content-type': 'application/json' }, { text: 'hi' }), null).violations;
      expect(none[0]?.rule).to.match(
        /^no Authorization: the operation takes OAuth2UserToken \(oauth2: Authorization: Bearer, scopes tweet.write tweet.read users.read\), or UserToken \(Authorization: OAuth\)$/,
      );
    });

    it('query parameters: a value outside the enum, a parameter the operation does not take', () => {
      const { violations } = x.check(seen('GET', '/2/users/me?user.fields=username,shoe_size&nope=1', { authorization: 'Bearer t' }), USER_SCOPES);
      expect(fieldsOf(violations)).to.deep.equal(['query.nope', 'query.user.fields[1]']);
      expect(violations[1]!.rule).to.match(/^must be one of "confirmed_email", /);
    });

    it('a path parameter its pattern refuses, a JSON body of the wrong shape, a media type the operation does not take', () => {
      const append = x.check(
        seen('POST', '/2/media/upload/abc/append', { authorization: 'Bearer t', 'content-type': MULTIPART }, multipart([['segment_index', '0']])),
        USER_SCOPES,
      );
      expect(fieldsOf(append.violations)).to.deep.equal(['path.id', 'body.media']);
      const init = x.check(seen('POST', '/2/media/upload/initialize', json('Bearer t'), { media_type: 'video/avi', total_bytes: -1 }), USER_SCOPES);
      expect(fieldsOf(init.violations)).to.deep.equal(['body.media_type', 'body.total_bytes']);
      const form = x.check(seen('POST', '/2/tweets', { authorization: 'Bearer t', 'content-type': 'text/plain' }, 'hi'), USER_SCOPES);
      expect(form.violations).to.deep.equal([
        { operation: 'createPosts', field: 'header.Content-Type', rule: 'text/plain is not a media type the operation takes (application/json)' },
      ]);
    });

    it('a body that is not JSON, a missing required body, and an operation the description does not have', () => {
      expect(x.check(seen('POST', '/2/tweets', json('Bearer t'), '{"text":'), USER_SCOPES).violations[0]).to.include({ field: 'body' });
      expect(x.check(seen('POST', '/2/tweets', { authorization: 'Bearer t' }), USER_SCOPES).violations[0]).to.include({ field: 'body' });
      expect(x.check(seen('POST', '/1.1/statuses/update.json', json('Bearer t'), {}), USER_SCOPES)).to.deep.equal({
        operation: null,
        violations: [
          {
            operation: 'POST /1.1/statuses/update.json',
            field: 'operation',
            rule: 'X API v2 2.167 (x-openapi.json) describes no operation POST /1.1/statuses/update.json',
          },
        ],
      });
    });
  });

  describe("the fake's own answers", () => {
    it('a created post; an error in the description’s Error shape', () => {
      expect(x.checkAnswer('createPosts', 201, { data: { id: '1880028106020001001', text: 'hi' } })).to.deep.equal([]);
      expect(x.checkAnswer('createPosts', 503, { code: 130, message: 'Service Unavailable' }, 'application/json; charset=utf-8')).to.deep.equal([]);
    });

    it('an about:blank problem, which the description’s Problem types do not include', () => {
      const violations = x.checkAnswer(
        'createPosts',
        403,
        { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'Forbidden' },
        'application/problem+json',
      );
      expect(violations.map((v) => v.field)).to.include('answer.type');
    });

    it('a processing_info with an error X’s documentation gives and its description does not allow', () => {
      const body = { data: { id: '1', processing_info: { state: 'failed', error: { message: 'Unsupported video format' } } } };
      expect(fieldsOf(x.checkAnswer('getMediaUploadStatus', 200, body))).to.deep.equal(['answer.data.processing_info.error']);
    });

    it('a media type the response does not give', () => {
      expect(x.checkAnswer('createPosts', 201, '<ok/>', 'text/xml')[0]).to.include({ field: 'answer.header.Content-Type' });
    });
  });
});
