import type { z } from 'zod';
import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';

/** The problems a schema finds, in the contract's own words ("name: Enter a key name"). */
export function problems(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

/** Checks input with the declaration's schema before anything is sent: invalid input is a usage error (exit 2). */
export function validated<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(problems(parsed.error), ExitCode.usage);
  return parsed.data;
}
