import { type CliCommand } from './CliCommand';
import { type ParsedArguments } from './parseArguments';
import { UsageError } from './UsageError';

/** Picks the command named by the words and checks the flags against its lists. */
export function findCommand(commands: readonly CliCommand[], parsed: ParsedArguments): CliCommand {
  const [group, action, ...extra] = parsed.positionals;
  if (group === undefined) throw new UsageError('missing_command', 'no command given');
  const inGroup = commands.filter((c) => c.group === group);
  if (inGroup.length === 0) throw new UsageError('unknown_command', `unknown command "${group}"`);
  const actions = inGroup.map((c) => c.action).join(', ');
  if (action === undefined) throw new UsageError('missing_command', `"${group}" needs one of: ${actions}`);
  const command = inGroup.find((c) => c.action === action);
  if (command === undefined) {
    throw new UsageError('unknown_command', `unknown command "${group} ${action}"; "${group}" takes: ${actions}`);
  }
  if (extra.length > 0) throw new UsageError('unexpected_argument', `unexpected argument "${extra[0]}"`);
  checkFlags(command, parsed.flags);
  checkSwitches(command, parsed.switches);
  return command;
}

function checkFlags(command: CliCommand, flags: ReadonlyMap<string, string>): void {
  const accepted = [...command.required, ...command.optional];
  for (const name of flags.keys()) {
    if (!accepted.includes(name)) {
      const list = accepted.map((f) => `--${f}`).join(', ');
      throw new UsageError('unknown_flag', `unknown flag --${name} for "${command.group} ${command.action}" (accepts ${list})`);
    }
  }
  const missing = command.required.filter((name) => !flags.has(name));
  if (missing.length > 0) {
    const list = missing.map((f) => `--${f}`).join(', ');
    throw new UsageError('missing_flag', `"${command.group} ${command.action}" requires ${list}`);
  }
}

/** --json and --help go with every command; any other switch only with the command that has it. */
function checkSwitches(command: CliCommand, switches: ReadonlySet<string>): void {
  for (const name of switches) {
    if (name === 'json' || name === 'help' || command.switches?.includes(name)) continue;
    throw new UsageError('unknown_flag', `unknown flag --${name} for "${command.group} ${command.action}"`);
  }
}
