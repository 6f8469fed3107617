import type { Command, OptionValues } from '@commander-js/extra-typings';
import { CallError, type CallOptions } from '@keydeck/client/call';
import { APPROVAL_HEADER, APPROVAL_STATES, ApprovalMessages, type ApprovalPending } from '@keydeck/contract/approvals';
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

/** commander's value of `--wait [seconds]` (a bare --wait is true) as seconds. */
export function waitSeconds(value: string | true | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value === true) return DEFAULT_WAIT_SECONDS;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1) throw new CliError(`--wait takes a number of seconds (got ${value})`, ExitCode.usage);
  return seconds;
}

/** The options of a command whose operation can need approval (M of N): add them with this, read them with approvalOptions. */
export function withApprovalOptions<Args extends unknown[], Opts extends OptionValues, Globals extends OptionValues>(command: Command<Args, Opts, Globals>) {
  return command
    .option('--wait [seconds]', `when approval is needed, wait for it (at most the seconds given, default ${DEFAULT_WAIT_SECONDS}), then carry the operation out`)
    .option('--approval <request-id>', 'carry out this approved request (the id an earlier run printed) instead of asking again');
}

export interface ApprovalOptions {
  wait: number | undefined;
  requestId: string | undefined;
}

export const approvalOptions = (options: { wait?: string | true; approval?: string }): ApprovalOptions => ({ wait: waitSeconds(options.wait), requestId: options.approval });

/**
 * What a call naming a request was refused for. The server answers 409 with the contract's message and no error
 * code, so the message is matched against ApprovalMessages: still waiting, or never to be carried out.
 */
const NOT_APPROVED_YET = new RegExp(`^${ApprovalMessages.notApprovedYet(0, 0).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('0', '\\d+')}$`);
const NOT_EXECUTABLE = new Set(APPROVAL_STATES.map((state) => ApprovalMessages.notExecutable(state)));
function refusalOf(error: unknown): 'pending' | 'final' | undefined {
  if (!(error instanceof CallError) || error.status !== 409) return undefined;
  if (NOT_APPROVED_YET.test(error.message)) return 'pending';
  return NOT_EXECUTABLE.has(error.message) || error.message === ApprovalMessages.differs ? 'final' : undefined;
}

/**
 * Runs an operation that can need approval. Its result when none is needed. Else the pending request is told on
 * stderr and, without --wait, the command exits 6 with the request's id on stdout (the whole answer with --output
 * json); `--approval ID` carries it out later. With --wait it sends the same call again with the request's id every
 * few seconds (the only way a bearer learns a request's state: the approvals endpoints serve people signed in to the
 * console) until it is carried out, refused (denied, expired: exit 3) or time runs out (6).
 */
export async function approved<T>(context: Context, call: (options?: CallOptions) => Promise<T | ApprovalPending>, { wait, requestId }: ApprovalOptions): Promise<T> {
  const output = context.output;
  let id = requestId;
  if (id === undefined) {
    const first = await call();
    if (!isPendingApproval(first)) return first;
    const request = first.approval_request;
    id = request.id;
    output.progress(`${ApprovalMessages.pending(request.label, request.required_approvals)} Request ${id}.`);
    if (output.format === 'json' && wait === undefined) output.json(first);
  }
  const stillPending = (message: string) => {
    if (output.format !== 'json' || requestId !== undefined || wait !== undefined) output.raw(`${id}\n`);
    return new CliError(`${message} (carry it out once approved: the same command with --approval ${id}, or --wait)`, ExitCode.approvalPending);
  };
  if (wait === undefined && requestId === undefined) throw stillPending(`Awaiting approval: request ${id}`);

  const deadline = Date.now() + (wait ?? 0) * 1000;
  const options = { headers: { [APPROVAL_HEADER]: id } };
  // An id given is tried at once; a request just made is given a moment to be decided.
  for (let attempt = requestId === undefined ? 1 : 0; ; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
    try {
      const answer = await call(options);
      if (isPendingApproval(answer)) throw new CliError(`The server asked for approval again (request ${answer.approval_request.id})`, ExitCode.approvalPending);
      output.progress(`Request ${id} approved: carried out.`);
      return answer;
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === 'pending') {
        if (Date.now() < deadline) continue;
        throw stillPending(wait === undefined ? (error as CallError).message : `Request ${id} was not approved within ${wait} s`);
      }
      // Denied, expired, cancelled, or another call's: the server's words, as a refusal.
      throw refusal === 'final' ? new CliError((error as CallError).message, ExitCode.refused) : error;
    }
  }
}
