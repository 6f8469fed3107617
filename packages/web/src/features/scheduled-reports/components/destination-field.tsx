import { useQuery } from '@tanstack/react-query';
import type { ScheduledReport } from '@keydeck/contract/scheduled-reports';
import { TRANSFER_PROTOCOL_LABELS } from '@keydeck/contract/transfer';
import { SelectField } from '../../../lib/ui/choice-fields';
import { reportDestinationsQueryOptions } from '../api/scheduled-reports.api';

/**
 * The transfer server a report goes to, or none. The service's servers are listed for groups with the Host category;
 * others keep the one the report has (or none), as the list is not theirs to read.
 */
export function DestinationField({ serviceId, current, canList }: { serviceId: string; current: ScheduledReport['transfer_server']; canList: boolean }) {
  const servers = useQuery({ ...reportDestinationsQueryOptions(serviceId), enabled: canList });
  const options = (servers.data ?? []).map((server) => ({ value: server.id, label: `${server.name} · ${TRANSFER_PROTOCOL_LABELS[server.protocol]}` }));
  if (current && !options.some((option) => option.value === current.id)) options.unshift({ value: current.id, label: current.name });
  const description = !canList
    ? 'Listing the service’s transfer servers needs the Host permission.'
    : servers.isError
      ? 'The transfer servers could not be loaded.'
      : options.length === 0 && !servers.isPending
        ? 'The service has no transfer servers yet: add one under Transfer servers.'
        : 'SFTP and SCP servers get the file only once their host key is trusted.';
  return (
    <SelectField
      name="transfer_server_id"
      nullable
      label="Transfer server"
      placeholder="No transfer server"
      data={options}
      clearable
      searchable
      nothingFoundMessage="No such transfer server"
      description={description}
      disabled={!canList && !current}
    />
  );
}
