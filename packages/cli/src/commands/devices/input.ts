import { readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { CliError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';

/** A file's text, or stdin's for '-'. */
export async function readInput(path: string): Promise<string> {
  if (path === '-') return text(process.stdin);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, ExitCode.usage);
  }
}
