import { useServiceAccess } from '../../../lib/service-access';
import { useWorkspaceService } from '../../../lib/workspace-service';
import { ServiceGroupsPanel } from '../components/service-groups-panel';

/** /home/service/admin/groups: the current service's user groups and what each may do. */
export function ServiceGroupsPage() {
  const service = useWorkspaceService();
  const access = useServiceAccess(service);
  return <ServiceGroupsPanel service={service} serviceName={service.name} canModify={access.can('User', 'Modify')} />;
}
