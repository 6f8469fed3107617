import { CallError, type CallOptions } from '@keydeck/client/call';
import { APPROVAL_HEADER, ApprovalMessages, type ApprovalPending } from '@keydeck/contract/approvals';
import type { Context } from './context.ts';
import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';

/** How often --wait asks again whether the request was decided. */
const POLL_MS = 2_000;
/** --wait without a number waits this long. */
export const DEFAULT_WAIT_SECONDS = 600;

/** Whether an operation that can need approval answered (202) with its pending request instead of its result. */
export function isPendingApproval<T>(answer: T | ApprovalPending): answer is ApprovalPending {
  return answer !== null && typeof answer === 'object' && 'approval_request' in answer;
}

/** commander's parser for `--wait [seconds]`: a bare --wait is true. */
export function waitSeconds(value: string | true | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value === true) return DEFAULT_WAIT_SECONDS;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1) throw new CliError(`--wait takes a number of seconds (got ${value})`, ExitCode.usage);
  return seconds;
}

/** The option every command of an operation that can need approval takes. */
export const WAIT_OPTION = ['--wait [seconds]', `when approval is needed, wait for it (at most the seconds given, default ${DEFAULT_WAIT_SECONDS}), then carry the operation out`] as const;

/**
 * Runs an operation that can need approval. Its result when none is needed; else the pending request is printed
 * (its id on stdout, the whole answer with --output json) and, without --wait, the command exits 6. With --wait it
 * sends the same call again with the request's id (the only way a bearer learns a request's state: the approvals
 * endpoints serve signed-in people), every few seconds until it is carried out, refused (exit 3) or time runs out (6).
 */
export async function approved<T>(context: Context, call: (options?: CallOptions) => Promise<T | ApprovalPending>, wait: number | undefined): Promise<T> {
  const first = await call();
  if (!isPendingApproval(first)) return first;
  const request = first.approval_request;
  const output = context.output;
  if (output.format === 'json') output.json(first);
  else output.raw(`${request.id}\n`);
  output.progress(`${ApprovalMessages.pending(request.label, request.required_approvals)} Request ${request.id}.`);
  if (wait === undefined) throw new CliError(`Awaiting approval: request ${request.id} (run the same command with --wait to carry it out once approved)`, ExitCode.approvalPending);

  const deadline = Date.now() + wait * 1000;
  const options = { headers: { [APPROVAL_HEADER]: request.id } };
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
    try {
      const answer = await call(options);
      if (isPendingApproval(answer)) throw new CliError(`The server asked for approval again (request ${answer.approval_request.id})`, ExitCode.approvalPending);
      output.progress(`Request ${request.id} approved: carried out.`);
      return answer;
    } catch (error) {
      const code = error instanceof CallError ? (error.body as { error?: string } | undefined)?.error : undefined;
      if (code === 'approval_pending') continue;
      // Denied, expired or cancelled: the server's words, as a refusal.
      throw code?.startsWith('approval_') ? new CliError((error as CallError).message, ExitCode.refused) : error;
    }
  }
  throw new CliError(`Request ${request.id} was not approved within ${wait} s: run the command again with --wait to carry it out once it is`, ExitCode.approvalPending);
}
