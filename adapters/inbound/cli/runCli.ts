import { DomainError } from '../../../domain/shared/DomainError';
import { FlagValues } from './CliCommand';
import { type CliUseCases } from './CliUseCases';
import { ALL_COMMANDS } from './commands/allCommands';
import { findCommand } from './findCommand';
import { HELP_TEXT } from './helpText';
import { parseArguments, type ParsedArguments } from './parseArguments';
import { describeFailure, EXIT_OK, formatFailure } from './reportFailure';

export type { CliUseCases } from './CliUseCases';

/** Where the command line writes; each call carries whole lines ending in "\n", to write as is. */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The use cases on an open database, and how to let it go once the command is done. */
export interface CliSession {
  readonly useCases: CliUseCases;
  /** The database opened, for people (a file path, or host and database name: never a password). */
  readonly where?: string;
  close(): Promise<void>;
}

/**
 * Runs one operator command (`argv` without the node and script paths) and resolves to
 * the exit code: 0 done, 1 refused, 2 usage error (see HELP_TEXT). Never throws. The
 * database is opened (`open`) only for a well-formed command: help and usage errors work
 * without one, so an operator can read the usage while the database is down.
 */
export async function runCli(argv: readonly string[], open: () => Promise<CliSession>, out: CliOutput): Promise<number> {
  // Decided before parsing, so even a malformed command line gets its error in JSON.
  const asJson = argv.includes('--json');
  try {
    const parsed = parseArguments(argv);
    if (asksForHelp(parsed)) {
      out.stdout(asJson ? `${JSON.stringify({ help: HELP_TEXT })}\n` : HELP_TEXT);
      return EXIT_OK;
    }
    const command = findCommand(ALL_COMMANDS, parsed);
    const session = await open();
    try {
      const result = await command
        .run(new FlagValues(parsed.flags, parsed.repeated, parsed.switches), session.useCases)
        .catch((error: unknown) => explainedOnAnEmptyDatabase(error, session));
      out.stdout(`${asJson ? JSON.stringify(result.json) : result.text}\n`);
    } finally {
      await session.close();
    }
    return EXIT_OK;
  } catch (error) {
    const failure = describeFailure(error);
    out.stderr(formatFailure(failure, asJson));
    return failure.exitCode;
  }
}

/**
 * A workspace not found in a database that holds no users at all is most likely not the
 * service's database (the CLI run without the service's DATA_DIR or DATABASE_URL, which makes
 * a new, empty one): the error then says so and where it looked.
 */
async function explainedOnAnEmptyDatabase(error: unknown, session: CliSession): Promise<never> {
  if (!(error instanceof DomainError) || error.code !== 'workspace_not_found') throw error;
  const empty = await session.useCases.listings.listUsers().then(
    (users) => users.length === 0,
    () => false,
  );
  if (!empty) throw error;
  const where = session.where === undefined ? 'this database' : `this database (${session.where})`;
  throw new DomainError(
    error.kind,
    error.code,
    `${error.message}: ${where} holds no users yet. Is DATA_DIR or DATABASE_URL the service's? Run the CLI with the service's settings`,
  );
}

/** `help`, `--help`, `-h`, or nothing at all but switches (as `admin` alone). */
function asksForHelp(parsed: ParsedArguments): boolean {
  const bare = parsed.positionals.length === 0 && parsed.flags.size === 0;
  return bare || parsed.switches.has('help') || parsed.positionals[0] === 'help';
}
