import { expect } from 'chai';
import { DomainError } from '../../../../domain/shared/DomainError';
import { type Logger } from '../../../../application/ports/Logger';
import { type AccessTokens } from '../../../../application/ports/oauth/AccessTokens';
import { type TokenGrants } from '../../../../application/ports/oauth/TokenGrants';
import { VerifyAccessToken } from '../../../../application/oauth/VerifyAccessToken';
import { FixedClock } from '../../../support/fixedClock';

const API = 'https://dispatch.example';
const MCP = 'https://dispatch.example/mcp';
const TOKEN = 'eyJ.the-token.itself';

/** Our own token port, answering claims for the resource a test names (the audience check is VerifyAccessToken's). */
function tokensFor(resource: string): AccessTokens {
  return {
    lifetimeSeconds: 600,
    sign: async () => TOKEN,
    verify: async () => ({
      userId: 'U1',
      clientId: 'cli.agent',
      workspaceId: 'WS1',
      scopes: ['posts:read'],
      resource,
      grantId: 'G1',
      expiresAt: new Date(),
      issuedAt: new Date(),
    }),
  };
}

const NO_GRANTS = { findGrant: async () => null } as unknown as TokenGrants;

function recordingLogger(): Logger & { lines: Array<[string, string, Record<string, unknown> | undefined]> } {
  const lines: Array<[string, string, Record<string, unknown> | undefined]> = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push([level, message, fields]);
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe('VerifyAccessToken: a token of ours for our other resource (RFC 8707)', () => {
  it('is refused with a 401 invalid_token naming both resources and the way out, logged once without the token', async () => {
    const logger = recordingLogger();
    const verify = new VerifyAccessToken(tokensFor(MCP), NO_GRANTS, new FixedClock(), API, logger);
    const refused = await verify.verify(TOKEN).then(
      () => expect.fail('a token for the MCP server was accepted by the API'),
      (error: unknown) => error,
    );
    expect(refused).to.be.instanceOf(DomainError);
    expect((refused as DomainError).code).to.equal('invalid_token');
    expect((refused as DomainError).message).to.equal(
      `this access token was issued for the resource ${MCP}, this one is ${API}: ask the authorization server for a token with resource=${API}`,
    );
    expect(logger.lines).to.deep.equal([['warn', 'access token refused: issued for another resource', { issuedFor: MCP, servedBy: API }]]);
    expect(JSON.stringify(logger.lines)).not.to.include(TOKEN);
  });

  it('a token for its own resource goes on to the family check (no grant here: 401 saying the grant has ended, nothing logged)', async () => {
    const logger = recordingLogger();
    const verify = new VerifyAccessToken(tokensFor(API), NO_GRANTS, new FixedClock(), API, logger);
    const refused = await verify.verify(TOKEN).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).to.be.instanceOf(DomainError);
    expect(refused).to.include({ kind: 'unauthenticated', code: 'invalid_token' });
    expect((refused as DomainError).message).to.include('grant has ended');
    expect(logger.lines).to.deep.equal([]);
  });
});
