import { expect } from 'chai';
import { DescribedApi } from '../../support/fakes/kit/describedApi';
import { fieldsOf, seen } from './describedApiRequests';

const KEY = { 'x-api-key': 'k', 'content-type': 'application/json' };
const SIGNER = '19d0c5fd-9b33-4a48-a0e2-bc7b0555baec';

describe("DescribedApi on Neynar's description (neynar-openapi.yaml, OpenAPI 3.0.4)", () => {
  const neynar = DescribedApi.fixture('neynar-openapi.yaml');

  describe('requests it allows', () => {
    it('a cast with link embeds and an idem key, with the API key (read from YAML)', () => {
      const body = { signer_uuid: SIGNER, text: 'gm', embeds: [{ url: 'https://a.example/1' }, { url: 'https://a.example/2' }], idem: '0123456789abcdef' };
      expect(neynar.check(seen('POST', '/v2/farcaster/cast/', KEY, body), null)).to.deep.equal({ operation: 'publish-cast', violations: [] });
    });

    it('users by comma-separated fids; a signer looked up', () => {
      expect(neynar.check(seen('GET', '/v2/farcaster/user/bulk/?fids=4242,5151', { 'x-api-key': 'k' }), null).violations).to.deep.equal([]);
      expect(neynar.check(seen('GET', `/v2/farcaster/signer/?signer_uuid=${SIGNER}`, { 'x-api-key': 'k' }), null).violations).to.deep.equal([]);
    });
  });

  describe('requests it refuses', () => {
    it('a path without the trailing slash the description gives it', () => {
      expect(neynar.check(seen('POST', '/v2/farcaster/cast', KEY, { signer_uuid: SIGNER }), null).violations).to.deep.equal([
        {
          operation: 'POST /v2/farcaster/cast',
          field: 'operation',
          rule: 'Neynar API 3.174.0 (neynar-openapi.yaml) describes no operation POST /v2/farcaster/cast',
        },
      ]);
    });

    it('no API key', () => {
      expect(neynar.check(seen('POST', '/v2/farcaster/signer/', {}), null).violations).to.deep.equal([
        { operation: 'create-signer', field: 'header.x-api-key', rule: 'missing: the operation takes ApiKeyAuth (header x-api-key)' },
      ]);
    });

    it('three embeds, an embed of no kind the description has, a cast without its signer', () => {
      const embeds = [{ url: 'https://a.example/1' }, { urls: 'https://a.example/2' }, { url: 'https://a.example/3' }];
      const fields = fieldsOf(neynar.check(seen('POST', '/v2/farcaster/cast/', KEY, { text: 'gm', embeds }), null).violations);
      expect(fields).to.include.members(['body.signer_uuid', 'body.embeds', 'body.embeds[1]', 'body.embeds[1].urls']);
    });

    it('a signer looked up without its uuid', () => {
      expect(neynar.check(seen('GET', '/v2/farcaster/signer/', { 'x-api-key': 'k' }), null).violations).to.deep.equal([
        { operation: 'lookup-signer', field: 'query.signer_uuid', rule: 'required, and missing' },
      ]);
    });
  });

  describe("the fake's own answers", () => {
    it('a status the description does not give a success as is the fake’s bug; an undescribed error status is not (Neynar lists no 401 or 429)', () => {
      expect(neynar.checkAnswer('create-signer', 201, { signer_uuid: SIGNER })[0]).to.deep.include({ field: 'answer.status' });
      expect(neynar.checkAnswer('create-signer', 401, { message: 'Invalid API key' })).to.deep.equal([]);
      expect(neynar.checkAnswer('publish-cast', 403, { code: 'Forbidden', message: 'Signer is not approved', property: 'signer_uuid' })).to.deep.equal([]);
    });

    it('a signer missing its required public key, a cast hash of the wrong form', () => {
      expect(fieldsOf(neynar.checkAnswer('lookup-signer', 200, { signer_uuid: SIGNER, status: 'approved' }))).to.deep.equal(['answer.public_key']);
      const cast = { success: true, cast: { hash: 'abc', author: { fid: 4242 }, text: 'gm' } };
      expect(fieldsOf(neynar.checkAnswer('publish-cast', 200, cast))).to.deep.equal(['answer.cast.hash']);
    });
  });
});
