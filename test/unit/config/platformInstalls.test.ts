import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { installOf, PLATFORM_INSTALLS } from '../../../config/platformInstalls';
import { platformSetups } from '../../../config/platformsConfig';
import { PLATFORMS } from '../../../domain/platform/Platform';

describe('platform installs: found by name in each connector folder', () => {
  it('finds every registered platform but Bluesky, each naming what configures it', () => {
    expect([...PLATFORM_INSTALLS.values()].map((install) => install.platform)).to.deep.equal(PLATFORMS.filter((p) => p !== 'BLUESKY'));
    const setups = platformSetups('https://dispatch.example');
    expect(setups.get('LINKEDIN')).to.deep.equal({
      variables: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
      callbackUrl: 'https://dispatch.example/connect/linkedin/callback',
    });
    expect(setups.get('TIKTOK')?.variables).to.deep.equal(['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET']);
    expect(setups.get('FARCASTER')).to.deep.equal({ variables: ['NEYNAR_API_KEY', 'FARCASTER_APP_FID', 'FARCASTER_APP_MNEMONIC'], callbackUrl: null });
  });

  describe('a platform whose connector folder does not install it stops the start, naming the file', () => {
    let root: string;
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'installs-'));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('no folder, or no <Name>Connector module in it', () => {
      expect(() => installOf('PINTEREST', root)).to.throw(/platform PINTEREST has no connector: .*pinterest\/ holds no pinterestconnector\.ts module/);
      mkdirSync(join(root, 'pinterest'));
      writeFileSync(join(root, 'pinterest', 'pinterestApi.js'), 'exports.install = null;');
      expect(() => installOf('PINTEREST', root)).to.throw(/has no connector/);
    });

    it('a module that exports no install, or one for another platform', () => {
      mkdirSync(join(root, 'pinterest'));
      writeFileSync(join(root, 'pinterest', 'PinterestConnector.js'), "exports.install = { platform: 'TWITTER' };");
      expect(() => installOf('PINTEREST', root)).to.throw(/PinterestConnector\.js exports no `install` for PINTEREST/);
    });
  });
});
