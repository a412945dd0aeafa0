import { type CliUseCases } from './CliUseCases';
import { UsageError } from './UsageError';

/** What a command prints: one JSON object with `--json`, else one human line. */
export interface CommandResult {
  readonly json: Readonly<Record<string, unknown>>;
  readonly text: string;
}

/** One `<group> <action>` of the command line and the flags it accepts. */
export interface CliCommand {
  readonly group: string;
  readonly action: string;
  readonly required: readonly string[];
  readonly optional: readonly string[];
  run(flags: FlagValues, useCases: CliUseCases): Promise<CommandResult>;
}

/** The value flags of one invocation, already checked against the command's lists. */
export class FlagValues {
  constructor(private readonly values: ReadonlyMap<string, string>) {}

  required(name: string): string {
    const value = this.values.get(name);
    if (value === undefined) throw new UsageError('missing_flag', `--${name} is required`);
    return value;
  }

  optional(name: string): string | undefined {
    return this.values.get(name);
  }
}
