import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCliConfig, recordServedBaseUrl } from '../../../config/servedBaseUrl';

describe('the CLI takes the base URL the service recorded on DATA_DIR', () => {
  let dataDir: string;
  const cli = (env: Record<string, string>) => loadCliConfig({ DATA_DIR: dataDir, ...env });

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-base-url-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("takes PORT's default where no service recorded one, as the service itself does", () => {
    expect(cli({}).http.baseUrl).to.equal('http://localhost:3000');
    expect(cli({ PORT: '4000' }).http.baseUrl).to.equal('http://localhost:4000');
  });

  it("takes the recorded one over PORT's default, for the OAuth issuer too; BASE_URL set wins over both", () => {
    recordServedBaseUrl(dataDir, 'http://localhost:3917');
    expect(cli({}).http.baseUrl).to.equal('http://localhost:3917');
    expect(cli({ PORT: '3000' }).oauth.issuer).to.equal('http://localhost:3917');
    expect(cli({ BASE_URL: 'https://dispatch.example' }).http.baseUrl).to.equal('https://dispatch.example');
  });

  it('follows the service to its next start, and ignores a record that is not an http(s) URL', () => {
    recordServedBaseUrl(dataDir, 'http://localhost:3917');
    recordServedBaseUrl(dataDir, 'https://dispatch.example');
    expect(cli({}).http.baseUrl).to.equal('https://dispatch.example');
    fs.writeFileSync(path.join(dataDir, 'base-url'), 'ftp://nowhere\n');
    expect(cli({ PORT: '4000' }).http.baseUrl).to.equal('http://localhost:4000');
  });
});
