import { auditListQuery } from '@keydeck/contract/audit-queries';
import { portRangesQuery } from '@keydeck/contract/port-ranges-queries';
import { rolesListQuery, usersListQuery } from '@keydeck/contract/users-queries';

// The lists on an account's tabs: the account comes from the path, so their search has no account_id.
export const accountUsersSearch = usersListQuery.omit({ account_id: true });
export const accountRolesSearch = rolesListQuery.omit({ account_id: true });
export const accountAuditSearch = auditListQuery.omit({ account_id: true });
export const accountPortRangesSearch = portRangesQuery.omit({ account_id: true });
