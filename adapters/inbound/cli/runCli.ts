import { FlagValues } from './CliCommand';
import { type CliUseCases } from './CliUseCases';
import { ALL_COMMANDS } from './commands/allCommands';
import { findCommand } from './findCommand';
import { HELP_TEXT } from './helpText';
import { parseArguments } from './parseArguments';
import { describeFailure, EXIT_OK, formatFailure } from './reportFailure';

export type { CliUseCases } from './CliUseCases';

/** Where the command line writes; each call carries whole lines ending in "\n", to write as is. */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * Runs one operator command (`argv` without the node and script paths) and resolves to
 * the exit code: 0 done, 1 refused, 2 usage error (see HELP_TEXT). Never throws.
 */
export async function runCli(argv: readonly string[], useCases: CliUseCases, out: CliOutput): Promise<number> {
  // Decided before parsing, so even a malformed command line gets its error in JSON.
  const asJson = argv.includes('--json');
  try {
    const parsed = parseArguments(argv);
    if (parsed.switches.has('help') || parsed.positionals[0] === 'help') {
      out.stdout(asJson ? `${JSON.stringify({ help: HELP_TEXT })}\n` : HELP_TEXT);
      return EXIT_OK;
    }
    const command = findCommand(ALL_COMMANDS, parsed);
    const result = await command.run(new FlagValues(parsed.flags), useCases);
    out.stdout(`${asJson ? JSON.stringify(result.json) : result.text}\n`);
    return EXIT_OK;
  } catch (error) {
    const failure = describeFailure(error);
    out.stderr(formatFailure(failure, asJson));
    return failure.exitCode;
  }
}
