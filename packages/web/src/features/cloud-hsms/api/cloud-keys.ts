import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Everything of this feature sits under the prefix ['cloud-hsms']: an HSM's change shows in its service's list, the
 * clusters it may join and the account's overview at once, so a mutation invalidates `cloudKeys.all`.
 */
export const cloudKeys = queryKeys('cloud-hsms');
/** A service's cloud HSMs (lists), and one HSM with its health series and audit trail (detail aspects). */
export const hsmKeys = queryKeys('cloud-hsms', 'hsms');
/** A service's clusters, and one cluster's members with the HSMs that may join it. */
export const clusterKeys = queryKeys('cloud-hsms', 'clusters');
/** The account's landing (/chc). */
export const overviewKeys = queryKeys('cloud-hsms', 'overview');
/** The blueprints and locations a cloud HSM can be requested from. */
export const catalogueKeys = queryKeys('cloud-hsms', 'catalogue');

/** What every change of this feature runs on success: everything under ['cloud-hsms'] is asked again. */
export function useInvalidateCloud() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cloudKeys.all });
}
