import { expect } from 'chai';
import { ALL_COMMANDS } from '../../../adapters/inbound/cli/commands/allCommands';
import { HELP_TEXT } from '../../../adapters/inbound/cli/helpText';
import { CliFixture } from './cliFixture';

describe('CLI help', () => {
  for (const argv of [['help'], ['--help'], ['-h'], [], ['user', 'create', '--help']]) {
    it(`"${argv.join(' ')}" prints the usage and exits 0, without opening the database`, async () => {
      const cli = new CliFixture();
      const result = await cli.run(...argv);
      expect(result).to.deep.equal({ code: 0, stdout: HELP_TEXT, stderr: '' });
      expect(cli.databaseUse.opened).to.equal(0);
    });
  }

  it('with --json prints the usage as one JSON object (also with nothing else given)', async () => {
    expect(await new CliFixture().json('help')).to.deep.equal({ help: HELP_TEXT });
    expect(await new CliFixture().json()).to.deep.equal({ help: HELP_TEXT });
  });

  it('names every command with every flag it accepts, and the exit codes', () => {
    for (const command of ALL_COMMANDS) {
      const line = HELP_TEXT.split('\n').find((l) => l.startsWith(`  ${command.group} ${command.action} `));
      expect(line, `${command.group} ${command.action}`).to.be.a('string');
      for (const flag of [...command.required, ...command.optional]) expect(line).to.include(`--${flag}`);
    }
    expect(HELP_TEXT)
      .to.match(/^ {2}1 {2}refused/m)
      .and.to.match(/^ {2}2 {2}usage/m);
  });
});
