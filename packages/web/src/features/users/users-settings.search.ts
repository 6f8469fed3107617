import { z } from 'zod';
import { rolesListQuery, usersListQuery } from '@keydeck/contract/users-queries';

/** Settings › Users: old links named the tab in the query (?tab=roles); they now open its route (see the route table). */
export const usersSettingsSearch = z.object({ tab: z.string().optional() });

// Each tab's list in the URL, as the contract's list query takes it: the account is the caller's own.
export const settingsUsersSearch = usersListQuery.omit({ account_id: true });
export const settingsRolesSearch = rolesListQuery.omit({ account_id: true });
