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

interface ChangeOptions {
  /** The toast's first words when the change is refused. */
  errorContext: string;
  /** The change comes from a form, which shows 400 and 409 refusals on its fields. */
  form?: boolean;
}

/** A change to the infrastructure: central error toasts, then everything of the area refreshes. */
export function useInfrastructureChange<V, R>(mutationFn: (variables: V) => Promise<R>, { errorContext, form = false }: ChangeOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorContext, inlineErrorStatuses: form ? FORM_STATUSES : undefined },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: infrastructureKeys.all }),
  });
}
