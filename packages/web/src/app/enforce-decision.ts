import { redirect } from '@tanstack/react-router';
import type { GuardDecision } from './route-guard';

/** One open "session expired" alert at a time, however many navigations hit the guard meanwhile. */
let sessionAlert: Promise<void> | null = null;

// The dialog code loads with the alert, not with the app's first chunk (the sign-in page needs no dialog).
function announce(message: string): void {
  sessionAlert ??= import('../lib/dialogs')
    .then(({ alert }) => alert(message))
    .finally(() => {
      sessionAlert = null;
    });
}

/** Applies the guard's decision inside beforeLoad: returns to allow, throws a redirect otherwise. */
export function enforceDecision(decision: GuardDecision, options: { announce: boolean; message: string }): void {
  switch (decision.kind) {
    case 'allow':
      return;
    case 'login':
      // Preloads (hovering a link) must not alert; only a real navigation does.
      if (options.announce) announce(options.message);
      throw redirect({ to: '/login', search: { continue: decision.continueTo } });
    case 'mfa-setup':
      throw redirect({ to: '/login/mfa/setup', search: { continue: decision.continueTo } });
    case 'redirect':
      throw redirect({ href: decision.href });
  }
}
