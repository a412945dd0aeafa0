import { expect } from 'chai';
import { Connection } from '../../../../domain/connection/Connection';
import { type Platform } from '../../../../domain/platform/Platform';
import { DomainError } from '../../../../domain/shared/DomainError';

const create = (platform: string) => Connection.create({ id: 'conn_1', workspaceId: 'ws_1', platform, handle: '@me', now: new Date(0) });

describe('Connection.platform', () => {
  it('is a platform of the registry', () => {
    const platform: Platform = create('THREADS').platform;
    expect(platform).to.equal('THREADS');
    expect(create('THREADS').toSnapshot().platform).to.equal('THREADS');
  });

  it('refuses an unknown platform at create: a validation error naming the allowed ones', () => {
    for (const platform of ['MYSPACE', 'twitter', '']) {
      const error = (() => {
        try {
          create(platform);
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(error, platform).to.be.instanceOf(DomainError);
      expect(error).to.include({ kind: 'validation', code: 'invalid_platform' });
      expect((error as DomainError).details).to.deep.equal([
        {
          path: 'platform',
          message: 'must be one of BLUESKY, FACEBOOK, FARCASTER, INSTAGRAM, LINKEDIN, PINTEREST, THREADS, TIKTOK, TWITTER, YOUTUBE',
        },
      ]);
    }
  });
});
