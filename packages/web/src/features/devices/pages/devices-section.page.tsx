import { getRouteApi } from '@tanstack/react-router';
import { useWorkspaceService } from '../../../lib/workspace-service';
import { useListSearch } from '../../../lib/ui/list-search';
import { DevicesSection } from '../components/devices-section';

const route = getRouteApi('/shell/home/service/devices');

/** /home/service/devices: the Remote Devices section, its paging and filters in the URL. */
export function DevicesSectionPage() {
  const list = useListSearch(route);
  return <DevicesSection service={useWorkspaceService()} list={{ search: list.state, onChange: list.onChange }} />;
}
