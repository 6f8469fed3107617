import type { Service } from '@keydeck/contract/services';
import { confirm } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useChangeServiceStatus, useDeleteService } from '../api/services.api';

/**
 * A platform administrator's decisions on a request, each confirmed first (approving starts provisioning and
 * billing; rejecting deletes the request): the same on the request queue and on an account's services tab.
 */
export function useServiceDecisions() {
  const change = useChangeServiceStatus();
  const remove = useDeleteService();
  return {
    busy: (service: Service) =>
      (change.isPending && change.variables.service.id === service.id) || (remove.isPending && remove.variables.id === service.id),
    async approve(service: Service) {
      const question = `Approve the request for the service ${service.name} (${service.type_name})? It is provisioned at once.`;
      if (!(await confirm(question, 'Approve request'))) return;
      change.mutate(
        { service, action: 'approve' },
        { onSuccess: () => showToast({ color: 'success', message: `${service.name} approved. It is being provisioned.` }) },
      );
    },
    async reject(service: Service) {
      if (!(await confirm(`Reject the request for the service ${service.name}? The request is deleted.`, 'Reject request'))) return;
      remove.mutate(service, { onSuccess: () => showToast({ color: 'success', message: `Request for ${service.name} rejected.` }) });
    },
  };
}
