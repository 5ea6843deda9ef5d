/** What every command shares: its help text, option parsing that rejects unknown flags, and CliError. */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface Command {
  summary: string;
  usage: string;
  help: string;
  run(args: string[]): Promise<number>;
}

/** A failure the user can act on; exitCode 2 is bad usage, 1 everything else. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError((error as Error).message, 2);
  }
}

/** An option's value, from the flag or else the environment variable; missing required ones are usage errors. */
export function option(value: unknown, env: string | undefined, flag: string, required: true): string;
export function option(value: unknown, env: string | undefined, flag: string, required?: false): string | undefined;
export function option(value: unknown, env: string | undefined, flag: string, required = false): string | undefined {
  const found = typeof value === 'string' && value ? value : env ? process.env[env] || undefined : undefined;
  if (required && !found) throw new CliError(`--${flag}${env ? ` (or ${env})` : ''} is required`, 2);
  return found;
}
