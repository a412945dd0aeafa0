import { expect } from 'chai';
import { DescribedApi } from '../../support/fakes/kit/describedApi';
import { fieldsOf, json, seen } from './describedApiRequests';

const CONNECT_FLOW = ['boards:read', 'boards:write', 'pins:read', 'pins:write', 'user_accounts:read'];
const FORM = { authorization: 'Basic MTUxMjM0NTpzZWNyZXQ=', 'content-type': 'application/x-www-form-urlencoded' };
const PIN = { board_id: '549755885175', description: 'Notes', link: null, media_source: { source_type: 'image_url', url: 'https://media.example/a.png' } };

describe("DescribedApi on Pinterest's description (pinterest-openapi.json, OpenAPI 3.0.3, its server at /v5)", () => {
  const pinterest = DescribedApi.fixture('pinterest-openapi.json');

  describe('requests it allows', () => {
    it('a pin from an image link, `link: null` (nullable beside its type), with the scopes pins/create needs', () => {
      expect(pinterest.check(seen('POST', '/v5/pins', json('Bearer t'), PIN), CONNECT_FLOW)).to.deep.equal({ operation: 'pins/create', violations: [] });
    });

    it('the code exchange: HTTP Basic and a form; a board page within page_size’s bounds', () => {
      const exchange = pinterest.check(
        seen('POST', '/v5/oauth/token', FORM, 'grant_type=authorization_code&code=c1&redirect_uri=https%3A%2F%2Fd.example%2Fcb'),
        null,
      );
      expect(exchange).to.deep.equal({ operation: 'oauth/token', violations: [] });
      expect(pinterest.check(seen('GET', '/v5/boards?page_size=250&bookmark=b1', { authorization: 'Bearer t' }), CONNECT_FLOW).violations).to.deep.equal([]);
    });
  });

  describe('requests it refuses', () => {
    it('a pin with a token whose connect flow did not ask for boards:write', () => {
      const asked = ['boards:read', 'pins:read', 'pins:write', 'user_accounts:read'];
      expect(pinterest.check(seen('POST', '/v5/pins', json('Bearer t'), PIN), asked).violations).to.deep.equal([
        {
          operation: 'pins/create',
          field: 'scope',
          rule: 'missing boards:write: pinterest_oauth2 needs boards:read, boards:write, pins:read, pins:write; the connect flow asked for boards:read, pins:read, pins:write, user_accounts:read',
        },
      ]);
    });

    it('a code exchange without its redirect_uri (the discriminator maps authorization_code to its own schema), or with a Bearer token', () => {
      const missing = pinterest.check(seen('POST', '/v5/oauth/token', FORM, 'grant_type=authorization_code&code=c1'), null);
      expect(missing.violations).to.deep.equal([{ operation: 'oauth/token', field: 'body.redirect_uri', rule: 'required, and missing' }]);
      const bearer = pinterest.check(seen('POST', '/v5/oauth/token', { ...FORM, authorization: 'Bearer t' }, 'grant_type=refresh_token&refresh_token=r'), null);
      expect(bearer.violations[0]).to.deep.include({ field: 'header.Authorization' });
    });

    it('page_size past its maximum, a board id that is not digits, a description past 800 characters', () => {
      expect(pinterest.check(seen('GET', '/v5/boards?page_size=300', { authorization: 'Bearer t' }), CONNECT_FLOW).violations).to.deep.equal([
        { operation: 'boards/list', field: 'query.page_size', rule: 'must be <= 250 (maximum)' },
      ]);
      const pin = { ...PIN, board_id: 'engines', description: 'x'.repeat(801) };
      expect(fieldsOf(pinterest.check(seen('POST', '/v5/pins', json('Bearer t'), pin), CONNECT_FLOW).violations)).to.deep.equal([
        'body.board_id',
        'body.description',
      ]);
    });

    it('a path outside the server’s /v5: no operation, though /user_account is one under it', () => {
      expect(pinterest.check(seen('GET', '/user_account', { authorization: 'Bearer t' }), CONNECT_FLOW).operation).to.equal(null);
      expect(pinterest.check(seen('GET', '/v5/user_account', { authorization: 'Bearer t' }), CONNECT_FLOW).operation).to.equal('user_account/get');
    });
  });

  describe("the fake's own answers", () => {
    it('a refresh answer must carry the refresh token fields the mapped schema requires', () => {
      const answer = { access_token: 'a', token_type: 'bearer', expires_in: 60, scope: 'pins:read', response_type: 'refresh_token' };
      expect(fieldsOf(pinterest.checkAnswer('oauth/token', 200, answer))).to.deep.equal([
        'answer.refresh_token',
        'answer.refresh_token_expires_in',
        'answer.refresh_token_expires_at',
      ]);
      const continuous = { ...answer, refresh_token: 'r', refresh_token_expires_in: 60, refresh_token_expires_at: 1_800_000_000 };
      expect(pinterest.checkAnswer('oauth/token', 200, continuous)).to.deep.equal([]);
    });

    it('a pin: created_at must be a date-time; `nullable` beside no `type` allows no null (OpenAPI 3.0.3)', () => {
      expect(pinterest.checkAnswer('pins/create', 201, { id: '813', created_at: '2026-11-23T12:00:00Z', link: null })).to.deep.equal([]);
      expect([...new Set(fieldsOf(pinterest.checkAnswer('pins/create', 201, { id: '813', created_at: 'yesterday', creative_type: null })))]).to.deep.equal([
        'answer.created_at',
        'answer.creative_type',
      ]);
    });
  });
});
