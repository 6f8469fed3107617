import { getRouteApi } from '@tanstack/react-router';
import { useWorkspaceService } from '../../../lib/workspace-service';
import { useListSearch } from '../../../lib/ui/list-search';
import { CertificateManagementSection } from '../components/certificate-management-section';

const route = getRouteApi('/shell/home/service/certificate-management');

/** /home/service/certificate-management: the issued certificates, their paging and filters in the URL. */
export function CertificateManagementSectionPage() {
  const list = useListSearch(route);
  return <CertificateManagementSection service={useWorkspaceService()} list={{ search: list.state, onChange: list.onChange }} />;
}
