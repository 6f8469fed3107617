import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The platform's infrastructure. Its parts count one another (a datacenter its servers and zones, a group its
 * provisioners and blueprints, a zone its allocations, a license its seats; the dashboards all of them), so every
 * change invalidates `infrastructureKeys.all` and whatever is on screen refreshes.
 */
export const infrastructureKeys = queryKeys('infrastructure');
export const datacenterKeys = queryKeys('infrastructure', 'datacenters');
export const globalServerKeys = queryKeys('infrastructure', 'global-servers');
export const ipamZoneKeys = queryKeys('infrastructure', 'ipam-zones');
export const provisionerGroupKeys = queryKeys('infrastructure', 'provisioner-groups');
export const provisionerKeys = queryKeys('infrastructure', 'provisioners');
export const blueprintKeys = queryKeys('infrastructure', 'blueprints');
export const productLicenseKeys = queryKeys('infrastructure', 'licenses');
export const resourceKeys = queryKeys('infrastructure', 'resources');
export const dashboardKeys = queryKeys('infrastructure', 'dashboards');

/** Statuses a form shows on its fields: bad input (400) and a name, code or CIDR already taken (409). */
export const FORM_STATUSES = [400, 409] as const;

type ChangeOptions =
  | {
      /** The toast's first words when the change is refused. */
      errorContext: string;
      /** The change comes from a form, which shows 400 and 409 refusals on its fields. */
      form?: boolean;
    }
  /** The change is confirmed in a dialog (deleteAfterConfirm), which shows every refusal itself. */
  | { inDialog: true };

/** A change to the infrastructure: its refusals toasted centrally or shown in place, then everything of the area refreshes. */
export function useInfrastructureChange<V, R>(mutationFn: (variables: V) => Promise<R>, options: ChangeOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta:
      'inDialog' in options
        ? { refusalsShownInline: true }
        : { errorContext: options.errorContext, inlineErrorStatuses: options.form ? FORM_STATUSES : undefined },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: infrastructureKeys.all }),
  });
}
