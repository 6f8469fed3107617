/**
 * What a customer is told when a token operation fails: the driver's error kind in words. Drivers' messages name
 * the machine's paths and PKCS#11 return values, which are for the platform's log, not the customer's screen.
 */
const PROBLEMS: Record<string, string> = {
  pin_incorrect: 'The token refused the platform’s copy of the user PIN',
  pin_locked: 'The token’s user PIN is locked',
  no_token: 'The token is gone from its provisioner',
  timeout: 'The token did not answer in time',
  conflict: 'The token holds something else',
  bad_backup: 'The backup does not hold a token',
};

export function tokenProblem(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && PROBLEMS[code]) || 'The token could not be reached';
}

/** The driver's own kind of failure, for logs and run records; never a PIN (drivers never put one in a message). */
export function problemCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
}
