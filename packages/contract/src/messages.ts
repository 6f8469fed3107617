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
  ipNotAllowed: (ip: string) => `Access from your address ${ip} is not allowed by your company's IP allowlist.`,
  allowlistExcludesYou: (ip: string) =>
    `This change leaves your current address ${ip} outside the IP allowlist: you would lose access. Confirm to go ahead.`,
  allowlistEmpty: 'Add at least one address to the IP allowlist before enforcing it.',
  allowlistFull: (allowance: number) => `This account may hold at most ${allowance} IP allowlist entries.`,
  allowlistDuplicate: 'This address is already on the allowlist.',
  portRangeOverlap: (start: number, end: number) => `Ports ${start}-${end} overlap a range that already exists.`,
  conflict: 'This conflicts with a record that already exists.',
  platformAccountProtected: 'The platform account cannot be disabled or changed here.',
  offboardingPlatformAccount: 'The platform account cannot be offboarded.',
  offboardingExportRequired: 'Export the account data first: deletion needs an export made in the last 24 hours.',
  offboardingSlugMismatch: 'Type the account slug exactly to confirm the deletion.',
  syslogNameTaken: 'The account already has a syslog server with this name.',
  usernameTaken: 'This username is already taken.',
  roleNameTaken: 'The account already has a role with this name.',
  cannotChangeSelf: 'You cannot disable or delete your own user.',
  lastAdministrator: 'An account needs at least one active Account Administrator: this change would leave it without one.',
  builtInRoleProtected: 'Built-in roles cannot be changed or deleted.',
  permissionsNotHeld: (missing: readonly string[]) =>
    `You cannot grant permissions you do not hold yourself: ${missing.join(', ')}.`,
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
