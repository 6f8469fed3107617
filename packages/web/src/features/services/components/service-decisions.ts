import type { Service } from '@keydeck/contract/services';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useChangeServiceStatus, useDeleteService } from '../api/services.api';

/**
 * A platform administrator's decisions on a request, each confirmed first (approving starts provisioning and
 * billing; rejecting deletes the request): the same on the request queue and on an account's services tab.
 */
export function useServiceDecisions() {
  const change = useChangeServiceStatus(true);
  const remove = useDeleteService();
  return {
    busy: (service: Service) =>
      (change.isPending && change.variables.service.id === service.id) || (remove.isPending && remove.variables.id === service.id),
    async approve(service: Service) {
      const question = `Approve the request for the service ${service.name} (${service.type_name})? It is provisioned at once.`;
      const approved = await confirmAction(question, () => change.mutateAsync({ service, action: 'approve' }), 'Approve request');
      if (approved) showToast({ color: 'success', message: `${service.name} approved. It is being provisioned.` });
    },
    async reject(service: Service) {
      const question = `Reject the request for the service ${service.name}? The request is deleted.`;
      const rejected = await confirmAction(question, () => remove.mutateAsync(service).then(() => true), 'Reject request');
      if (rejected) showToast({ color: 'success', message: `Request for ${service.name} rejected.` });
    },
  };
}
