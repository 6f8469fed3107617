import { Messages } from '@keydeck/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/app-deps.ts';
import { securityRefusal } from '../../platform/errors.ts';
import { countSignInAttempt } from './auth.service.ts';

/**
 * Password re-entry by a signed-in user (turning a factor off, new recovery codes, removing a security key,
 * changing the password) counts against the same throttle as sign-in, reserved in a committed
 * transaction of its own before the password is checked: whoever finds a session left open cannot guess the
 * password here either. A right password clears the count (auth.service passwordConfirmed).
 */
export function passwordReentryThrottle(deps: Pick<AppDeps, 'db' | 'config'>) {
  const policy = deps.config.login.throttle;
  return async (request: FastifyRequest): Promise<void> => {
    const principal = request.principal;
    if (!principal) return; // refused by the route's own session check
    const attempt = await countSignInAttempt(deps.db, principal.username, request.ip, policy);
    if (attempt.waitSeconds !== null) {
      throw securityRefusal(429, 'password_reentry_throttled', Messages.passwordReentryLocked, { 'retry-after': String(attempt.waitSeconds) });
    }
  };
}
