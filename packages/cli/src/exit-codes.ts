/** The exit codes scripts can rely on: defined here once, listed in `keydeck --help`. */
export const ExitCode = {
  ok: 0,
  /** Some items failed, or a verification found a fault. */
  failed: 1,
  usage: 2,
  /** Not signed in, or the server refused the caller (401/403). */
  refused: 3,
  notFound: 4,
  /** The server failed (5xx), answered something unexpected, or could not be reached. */
  server: 5,
  /** The operation awaits approval (the request's id is printed), or --wait ran out before it was decided. */
  approvalPending: 6,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export const EXIT_CODES_HELP = `
Exit codes:
  0  success
  1  some items failed, or a verification found a fault
  2  usage or configuration error
  3  not signed in, or refused by the server (401/403)
  4  not found
  5  server or network error
  6  awaiting approval (the request id is printed), or --wait ran out`;
