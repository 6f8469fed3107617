import { z } from 'zod';
import { keysetQuery, pagingQuery } from './paging.ts';

/**
 * The users' and roles' list queries, apart from the areas' other schemas: the web's route table validates URLs
 * with them, so they load with the app's first chunk and must stay small.
 */

/** The account whose users or roles a call reads or changes; omitted, the caller's own. */
export const accountIdParam = z.string().uuid('Enter a valid account id').optional();

/** spec §7: user/users GET, POST, PUT, DELETE (body users); paged by keyset in every order (none may be empty). */
export const usersListQuery = pagingQuery(['name', 'username', 'email', 'created_at'], 'name').extend({
  account_id: accountIdParam,
  ...keysetQuery,
});
export type UsersListQuery = z.infer<typeof usersListQuery>;

/** spec §7: user/roles GET, POST, PUT, DELETE (body roles). */
export const rolesListQuery = pagingQuery(['name', 'user_count'], 'name').extend({ account_id: accountIdParam });
export type RolesListQuery = z.infer<typeof rolesListQuery>;
