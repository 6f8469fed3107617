import { useServiceAccess } from '../../../lib/service-access';
import { useWorkspaceService } from '../../../lib/workspace-service';
import { ServiceUsersPanel } from '../components/service-users-panel';

/** /home/service/admin: the current service's users (the caller's own row cannot be removed). */
export function ServiceUsersPage() {
  const service = useWorkspaceService();
  const access = useServiceAccess(service);
  return <ServiceUsersPanel service={service} canModify={access.can('User', 'Modify')} self={access.userName} />;
}
