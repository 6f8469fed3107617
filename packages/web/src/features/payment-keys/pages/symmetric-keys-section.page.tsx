import { getRouteApi } from '@tanstack/react-router';
import { useWorkspaceService } from '../../../lib/workspace-service';
import { useListSearch } from '../../../lib/ui/list-search';
import { SymmetricKeysSection } from '../components/symmetric-keys-section';

const route = getRouteApi('/shell/home/service/symmetric-keys');

/** /home/service/symmetric-keys: the Symmetric Keys section, its paging and filters in the URL. */
export function SymmetricKeysSectionPage() {
  const list = useListSearch(route);
  return <SymmetricKeysSection service={useWorkspaceService()} list={{ search: list.state, onChange: list.onChange }} />;
}
