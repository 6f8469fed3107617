import { z } from 'zod';
import { keysetCursors, pageOf } from './paging.ts';
import { accountIdParam } from './users-queries.ts';
import { distinctName } from './names.ts';

export { usersListQuery, type UsersListQuery } from './users-queries.ts';

export const USER_STATUSES = ['Online', 'Offline'] as const;

/** A user of a company account (spec §3: name, group, status, username, account_code). No secret is ever part of it. */
export const user = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  /** The names of the user's roles, joined: spec §3's 'group'. */
  group: z.string(),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Online while the user has a live session. */
  status: z.enum(USER_STATUSES),
  disabled: z.boolean(),
  /** The user's own setting; an account that enforces MFA enforces it for every user regardless. */
  mfa_enforced: z.boolean(),
  account_code: z.string(),
  created_at: z.string(),
  /** Last activity of the user's newest remaining session; null when they have none. */
  last_seen_at: z.string().nullable(),
  /** Invited and not yet through their link: no password chosen yet. */
  invited: z.boolean(),
  /** The second factors the user enrolled. */
  factors: z.object({ authenticator_app: z.boolean(), security_keys: z.number().int() }),
  /** A platform administrator holds every permission without a role. */
  platform_admin: z.boolean(),
});
export type User = z.infer<typeof user>;

/** POST user/users/{user_id}/invitation: a fresh invitation link for a user who has not chosen a password yet. */
export const userInvitationParams = z.object({ user_id: z.uuid() });
export const userInvitationBody = z.object({ account_id: z.uuid('Enter a valid account id').optional() });
export const userInvitationResponse = z.object({ user: user });

const roleIds = z.array(z.string().uuid()).max(50);

/** An invitation: the user gets no usable password until they set one. */
export const userFields = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._@+-]{1,99}$/, 'A username is 2-100 letters, digits or . _ @ + - and starts with a letter or digit'),
  name: distinctName(z.string().trim().min(1, 'Enter the name').max(200)),
  email: z.email('Enter a valid email address').max(320),
  roles: roleIds.default([]),
  mfa_enforced: z.boolean().default(false),
});
export type UserFields = z.infer<typeof userFields>;

/** Only the fields sent are changed; roles, when sent, replace the user's roles. */
export const userUpdate = z.object({
  id: z.string().uuid(),
  name: userFields.shape.name.optional(),
  email: userFields.shape.email.optional(),
  roles: roleIds.optional(),
  disabled: z.boolean().optional(),
  mfa_enforced: z.boolean().optional(),
});
export type UserUpdate = z.infer<typeof userUpdate>;

/** spec §7: user/users GET, POST, PUT, DELETE (body users). An exact count, and the page's keyset cursors. */
export const usersPage = pageOf(user).extend(keysetCursors);
export const usersCreateBody = z.object({ account_id: accountIdParam, users: z.array(userFields).min(1).max(50) });
export const usersUpdateBody = z.object({ account_id: accountIdParam, users: z.array(userUpdate).min(1).max(50) });
export const usersDeleteBody = z.object({ account_id: accountIdParam, users: z.array(z.string().uuid()).min(1).max(50) });
export const usersResponse = z.object({ users: z.array(user) });
/** The ids of the deleted users. */
export const usersDeleteResponse = z.object({ users: z.array(z.string()) });
