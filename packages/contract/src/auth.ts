import { z } from 'zod';

export const NEXT_FACTORS = ['totp', 'u2f'] as const;

export const loginRequest = z.object({
  username: z.string().trim().min(1, 'Enter your username').max(200),
  password: z.string().min(1, 'Enter your password').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const authInfo = z.object({
  user: z.object({
    name: z.string(),
    email: z.string(),
    account_id: z.string(),
    mfa_enforced: z.boolean(),
  }),
  company: z.object({
    id: z.string(),
    name: z.string(),
    api_name: z.string(),
    account_slug: z.string(),
  }),
  permissions: z.array(z.string()),
  permissible_services: z.array(z.string()),
  fully_logged_in: z.boolean(),
  next_factor: z.enum(NEXT_FACTORS).nullable(),
  mfa_enabled: z.boolean(),
});
export type AuthInfo = z.infer<typeof authInfo>;

export const authInfoResponse = z.object({ auth_info: authInfo });

export const logoutResponse = z.object({ logged_out: z.literal(true) });
