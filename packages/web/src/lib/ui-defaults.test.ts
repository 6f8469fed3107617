import { describe, expect, it } from 'vitest';
import { UiDefaults } from './ui-defaults';

describe('UI defaults', () => {
  it('carries the spec dialog, toast and layout constants', () => {
    expect(UiDefaults).toMatchObject({
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
    });
  });
});
