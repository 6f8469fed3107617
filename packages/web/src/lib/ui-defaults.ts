import { DEFAULT_LANDING } from '@keydeck/contract/core-messages';

/** Dialog, toast and layout defaults of the console (spec §2, §9): the web's alone, so not in the contract. */
export const UiDefaults = {
  alertTitle: 'Alert',
  alertWidth: 300,
  confirmTitle: 'Confirmation',
  confirmMessage: 'Please confirm this action',
  confirmWidth: 400,
  modalWidth: 640,
  toastTimeoutMs: 2500,
  chunkLoadTimeoutMs: 120_000,
  defaultLanding: DEFAULT_LANDING,
  breakpoints: { mobile: 769, tablet: 1024, desktop: 1216, widescreen: 1408 },
} as const;
