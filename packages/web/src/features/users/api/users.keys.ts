import type { QueryClient } from '@tanstack/react-query';
import type { RolesListQuery } from '@keydeck/contract/roles';
import type { UsersListQuery } from '@keydeck/contract/users';

/** `accountId` undefined is the caller's own account; a platform administrator names another. */
const scope = (accountId: string | undefined) => accountId ?? 'own';

export const userKeys = {
  all: ['users'] as const,
  of: (accountId: string | undefined) => [...userKeys.all, scope(accountId)] as const,
  list: (accountId: string | undefined, query: Omit<UsersListQuery, 'account_id'>) => [...userKeys.of(accountId), 'list', query] as const,
};

export const roleKeys = {
  all: ['roles'] as const,
  of: (accountId: string | undefined) => [...roleKeys.all, scope(accountId)] as const,
  list: (accountId: string | undefined, query: Omit<RolesListQuery, 'account_id'>) => [...roleKeys.of(accountId), 'list', query] as const,
  choices: (accountId: string | undefined) => [...roleKeys.of(accountId), 'choices'] as const,
};

/**
 * Users and roles change together: a role's user count follows its holders, a user's group text
 * follows role names. Every change to either refreshes both lists of that account.
 */
export function invalidateUsersAndRoles(queryClient: QueryClient, accountId: string | undefined) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.of(accountId) }),
    queryClient.invalidateQueries({ queryKey: roleKeys.of(accountId) }),
  ]);
}
