/** Every user-visible text the spec quotes, word for word, and the server's own refusal texts. */
export const Messages = {
  sessionExpiredRedirect: 'Session expired/not logged in, redirecting to login page',
  serviceSessionExpired: 'Your service session has expired. Please login again.',
  unexpectedError: 'Unexpected error',
  requestFailed: 'request failed',
  u2fLoginFailed: (reason: string) => `Failed to complete u2f login: ${reason}`,
  validationFailed: (detail: string) => `Validation failed: ${detail}`,

  invalidCredentials: 'Invalid username or password.',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  notLoggedIn: 'You are not logged in.',
  csrfRejected: 'The request was refused because its anti-forgery token is missing or invalid. Reload the page and try again.',
  permissionDenied: 'You do not have permission to do this.',
  notFound: 'Not found.',
  invalidRequest: 'The request is not valid.',
  internalError: 'Something went wrong on the server.',
  databaseUnavailable: 'The database is not reachable.',
  accountTaken: (field: string) => `Another account already uses this ${field}.`,
  platformAccountProtected: 'The platform account cannot be disabled or changed here.',
} as const;

/** Dialog and toast defaults (spec §2, §9). */
export const UiDefaults = {
  alertTitle: 'Alert',
  alertWidth: 300,
  confirmTitle: 'Confirmation',
  confirmMessage: 'Please confirm this action',
  confirmWidth: 400,
  modalWidth: 640,
  toastTimeoutMs: 2500,
  chunkLoadTimeoutMs: 120_000,
  defaultLanding: '/home',
  breakpoints: { mobile: 769, tablet: 1024, desktop: 1216, widescreen: 1408 },
} as const;
