/**
 * The texts the console's first chunk shows: its frame and API client, the sign-in page, and the contract schemas its
 * route table validates URLs with. They are part of the catalogue (Messages in messages.ts) but kept apart from it, so
 * that chunk does not carry every text; code that loads with it reads them here.
 */
export const CoreMessages = {
  sessionExpiredRedirect: 'Session expired/not logged in, redirecting to login page',
  serviceSessionExpired: 'Your service session has expired. Please login again.',
  unexpectedError: 'Unexpected error',
  requestFailed: 'request failed',
  validationFailed: (detail: string) => `Validation failed: ${detail}`,

  invalidCredentials: 'Invalid username or password.',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  invalidRequest: 'The request is not valid.',

  dateOutOfRange: 'Enter a date between the years 1 and 9999.',
  // Names (platform-wide rule, contract names.ts): what would let one name pass for another in a list.
  nameHiddenCharacters: 'A name cannot hold control or invisible formatting characters (tabs, bidirectional overrides, zero-width spaces).',
  nameMixedScripts: 'A name cannot mix letters of different scripts (such as a Cyrillic "а" among Latin letters): it could pass for another name.',
  allowedFlowsNoneLeft: 'Allow at least one sign-in method: with none, nobody of this company could sign in.',
} as const;

/** Where a signed-in user lands when no (safe) continue address is given: the server's sign-in redirects and the web agree on it. */
export const DEFAULT_LANDING = '/home';
