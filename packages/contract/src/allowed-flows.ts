import { z } from 'zod';
import { CoreMessages } from './core-messages.ts';

/**
 * The sign-in methods ("flows") an account may permit. Second factors are not flows: they follow whichever
 * method proved the password or identity.
 */
export const SIGN_IN_FLOWS = ['password', 'openid'] as const;
export type SignInFlow = (typeof SIGN_IN_FLOWS)[number];
export const SIGN_IN_FLOW_LABELS: Record<SignInFlow, string> = {
  password: 'Username and password',
  openid: 'Identity providers (OpenID Connect)',
};
export const SIGN_IN_FLOW_DESCRIPTIONS: Record<SignInFlow, string> = {
  password: "Users sign in with their username and password on the console's sign-in page; password recovery links work.",
  openid: "Users sign in with one of the account's identity providers, offered on the account's sign-in page.",
};

/** Both methods are allowed until an administrator says otherwise. */
export const DEFAULT_ALLOWED_FLOWS = { password: true, openid: true } as const;

export const allowedFlows = z.object({ password: z.boolean(), openid: z.boolean() });
export type AllowedFlows = z.infer<typeof allowedFlows>;

/** What a platform administrator saves: at least one method stays allowed. */
export const allowedFlowsBody = allowedFlows.refine((flows) => flows.password || flows.openid, {
  path: ['password'],
  message: CoreMessages.allowedFlowsNoneLeft,
});

export const allowedFlowsParams = z.object({ account_id: z.string().uuid() });
export const allowedFlowsResponse = z.object({ allowed_flows: allowedFlows });
