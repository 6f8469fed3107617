import { z } from 'zod';
import { rolesListQuery, usersListQuery } from '@keydeck/contract/users-queries';
import { lenientSearch } from '../../lib/ui/list-search';

export const USERS_SETTINGS_TABS = ['users', 'roles'] as const;
export type UsersSettingsTab = (typeof USERS_SETTINGS_TABS)[number];

const usersOrderBy = usersListQuery.shape.order_by.unwrap().options;
const rolesOrderBy = rolesListQuery.shape.order_by.unwrap().options;

/**
 * Settings › Users search params: which tab is shown, and the paging of that tab's list. Switching tabs
 * starts the other list afresh; order_by accepts either list's columns and each tab keeps only its own.
 */
export const usersSettingsSearch = usersListQuery.omit({ account_id: true }).extend({
  tab: z.enum(USERS_SETTINGS_TABS).default('users'),
  order_by: z.enum([...new Set([...usersOrderBy, ...rolesOrderBy])] as [string, ...string[]]).default('name'),
});

/** The list queries each tab sends, with an order_by the other tab left behind dropped to the default. */
export const usersListState = lenientSearch(usersListQuery.omit({ account_id: true }));
export const rolesListState = lenientSearch(rolesListQuery.omit({ account_id: true }));
