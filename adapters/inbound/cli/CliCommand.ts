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
  /** Its own switches beyond --json and --help (e.g. `confidential`). */
  readonly switches?: readonly string[];
  run(flags: FlagValues, useCases: CliUseCases): Promise<CommandResult>;
}

/** The value flags of one invocation, already checked against the command's lists. */
export class FlagValues {
  constructor(
    private readonly values: ReadonlyMap<string, string>,
    private readonly lists: ReadonlyMap<string, readonly string[]> = new Map(),
    private readonly switches: ReadonlySet<string> = new Set(),
  ) {}

  /** Every value of a repeatable flag, in the order given; empty when it was not given. */
  all(name: string): string[] {
    return [...(this.lists.get(name) ?? [])];
  }

  /** Whether a command's own switch (a flag without a value, as --confidential) was given. */
  has(name: string): boolean {
    return this.switches.has(name);
  }

  required(name: string): string {
    const value = this.values.get(name);
    if (value === undefined) throw new UsageError('missing_flag', `--${name} is required`);
    return value;
  }

  optional(name: string): string | undefined {
    return this.values.get(name);
  }
}
