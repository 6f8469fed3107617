import { CallError, ResponseMismatchError } from '@keydeck/client/call';
import { ExitCode, type ExitCodeValue } from './exit-codes.ts';

/** A failure the tool explains itself: its message goes to stderr and the process exits with its code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code: ExitCodeValue,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The server's own words for a refusal: its error envelope's message, or an OAuth error's description. */
function serverText(error: CallError): string {
  const body = error.body as { error_description?: unknown; errors?: Record<string, string[]> } | undefined;
  if (body && typeof body.error_description === 'string') return body.error_description;
  const fields = Object.entries(body?.errors ?? {}).map(([field, problems]) => `${field}: ${problems.join(', ')}`);
  return fields.length ? `${error.message} (${fields.join('; ')})` : error.message;
}

/** What to print and which code to exit with, for anything a command throws. */
export function describeFailure(error: unknown): { message: string; code: ExitCodeValue } {
  if (error instanceof CliError) return { message: error.message, code: error.code };
  if (error instanceof CallError) {
    const { status } = error;
    if (status === null) return { message: `${error.message}: the server could not be reached`, code: ExitCode.server };
    if (status === 401 || status === 403) return { message: serverText(error), code: ExitCode.refused };
    if (status === 404) return { message: serverText(error), code: ExitCode.notFound };
    if (status >= 500) return { message: serverText(error), code: ExitCode.server };
    // The server found the input invalid: the caller's to fix, as a usage error is.
    if (status === 400 || status === 422) return { message: serverText(error), code: ExitCode.usage };
    return { message: serverText(error), code: ExitCode.failed };
  }
  if (error instanceof ResponseMismatchError) return { message: error.message, code: ExitCode.server };
  return { message: error instanceof Error ? error.message : String(error), code: ExitCode.server };
}
