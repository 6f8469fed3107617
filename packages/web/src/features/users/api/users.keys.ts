import type { QueryClient } from '@tanstack/react-query';
import { accountScope, queryKeys, userKeys } from '../../../lib/query-keys';

/** `accountId` undefined is the caller's own account; a platform administrator names another. */
export const roleKeys = (accountId: string | undefined) => queryKeys('users-roles', accountScope(accountId));

/**
 * Users and roles change together: a role's user count follows its holders, a user's group text
 * follows role names. Every change to either refreshes both lists of that account.
 */
export function invalidateUsersAndRoles(queryClient: QueryClient, accountId: string | undefined) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys(accountId).all }),
    queryClient.invalidateQueries({ queryKey: roleKeys(accountId).all }),
  ]);
}
