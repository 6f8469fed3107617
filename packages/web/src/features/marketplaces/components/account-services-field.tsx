import { useQuery } from '@tanstack/react-query';
import { SERVICE_STATUSES, serviceTypeName, type ServiceStatus } from '@keydeck/contract/services';
import { MultiSelectField } from '../../../lib/ui/choice-fields';
import { accountServicesQueryOptions } from '../api/marketplaces.api';

/** The services an entitlement pays for, chosen among the account's own (service_ids of the contract bodies). */
export function AccountServicesField({ accountId }: { accountId: string }) {
  const { data, isPending } = useQuery(accountServicesQueryOptions(accountId));
  const options = (data?.data ?? []).map((service) => ({
    value: service.id,
    label: `${service.name} · ${serviceTypeName(service.type)} · ${SERVICE_STATUSES[service.status as ServiceStatus] ?? service.status}`,
  }));
  return (
    <MultiSelectField
      name="service_ids"
      label="Services it pays for"
      description="The account's own services; none is fine."
      placeholder={isPending ? 'Loading services…' : options.length === 0 ? 'This account has no services yet' : 'Choose services'}
      data={options}
      searchable
      clearable
      nothingFoundMessage="No service matches"
    />
  );
}
