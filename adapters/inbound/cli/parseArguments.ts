import { UsageError } from './UsageError';

/** Flags that take no value; every other flag takes exactly one. */
export const SWITCHES: ReadonlySet<string> = new Set(['json', 'help', 'confidential']);
/** Value flags that may be given more than once (`client register --grant a --grant b`). */
export const REPEATABLE: ReadonlySet<string> = new Set(['redirect-uri', 'grant']);

export interface ParsedArguments {
  /** The words that are not flags, in order: the command group and action. */
  readonly positionals: readonly string[];
  /** Value flags by name (without the leading `--`). */
  readonly flags: ReadonlyMap<string, string>;
  /** Every value of each repeatable flag given, in order (its first value is in `flags` too). */
  readonly repeated: ReadonlyMap<string, readonly string[]>;
  readonly switches: ReadonlySet<string>;
}

/**
 * Reads `--flag value`, `--flag=value`, the switches `--json`, `--help` (`-h`), `--confidential` and plain
 * words, in any order. A value may start with a single `-` but not with `--`; use
 * `--flag=--value` for that. Which flags a command accepts is checked by the caller.
 */
export function parseArguments(argv: readonly string[]): ParsedArguments {
  const positionals: string[] = [];
  const flags = new Map<string, string>();
  const repeated = new Map<string, string[]>();
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '-h') {
      switches.add('help');
    } else if (token.startsWith('--') && token.length > 2) {
      const body = token.slice(2);
      const eq = body.indexOf('=');
      const name = eq >= 0 ? body.slice(0, eq) : body;
      if (SWITCHES.has(name)) {
        if (eq >= 0) throw new UsageError('unexpected_value', `--${name} takes no value`);
        switches.add(name);
        continue;
      }
      if (name.length === 0) throw new UsageError('unknown_flag', `unknown flag ${token}`);
      let value: string;
      if (eq >= 0) {
        value = body.slice(eq + 1);
      } else {
        const next = argv[i + 1];
        if (next === undefined || next.startsWith('--')) {
          throw new UsageError('missing_value', `--${name} needs a value`);
        }
        value = next;
        i++;
      }
      if (REPEATABLE.has(name)) {
        repeated.set(name, [...(repeated.get(name) ?? []), value]);
        if (!flags.has(name)) flags.set(name, value);
        continue;
      }
      if (flags.has(name)) throw new UsageError('duplicate_flag', `--${name} is given more than once`);
      flags.set(name, value);
    } else if (token.startsWith('-') && token !== '-') {
      throw new UsageError('unknown_flag', `unknown flag ${token} (flags are written --name value)`);
    } else {
      positionals.push(token);
    }
  }
  return { positionals, flags, repeated, switches };
}
