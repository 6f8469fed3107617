import { useServiceAccess } from '../../../lib/service-access';
import { useWorkspaceService } from '../../../lib/workspace-service';
import { ServiceAddressesPanel } from '../components/service-addresses-panel';

/** /home/service/admin/addresses: the addresses the current service accepts its users from. */
export function ServiceAddressesPage() {
  const service = useWorkspaceService();
  const access = useServiceAccess(service);
  return <ServiceAddressesPanel serviceId={service.id} canModify={access.can('User', 'Modify')} />;
}
