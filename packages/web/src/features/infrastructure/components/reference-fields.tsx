import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../../lib/ui/choice-fields';
import { allDatacentersQueryOptions } from '../api/datacenters.api';
import { allIpamZonesQueryOptions } from '../api/ipam.api';
import { allProvisionerGroupsQueryOptions } from '../api/provisioners.api';

// The fields of a form that point at another part of the infrastructure, chosen by name.

interface ReferenceFieldProps {
  name: string;
  label: string;
  description?: string;
  /** Offered as the no-choice option (a provisioner in no group); without it a choice is required. */
  noneLabel?: string;
}

/** The options once loaded, with what to say while they load or when there are none yet. */
function choices(query: { isPending: boolean; data?: { id: string; label: string }[] }, none: string, choose: string) {
  const data = (query.data ?? []).map(({ id, label }) => ({ value: id, label }));
  const placeholder = query.isPending ? 'Loading…' : data.length === 0 ? none : choose;
  return { data, placeholder };
}

export function DatacenterField({ name, label, description }: ReferenceFieldProps) {
  const query = useQuery({
    ...allDatacentersQueryOptions(),
    select: (page) => page.data.map((dc) => ({ id: dc.id, label: `${dc.name} (${dc.code}) · ${dc.location}` })),
  });
  return <SelectField name={name} label={label} description={description} withAsterisk searchable allowDeselect={false} {...choices(query, 'Create a datacenter first', 'Choose a datacenter')} />;
}

export function ZoneField({ name, label, description }: ReferenceFieldProps) {
  const query = useQuery({
    ...allIpamZonesQueryOptions(),
    select: (page) => page.data.map((zone) => ({ id: zone.id, label: `${zone.name} · ${zone.datacenter_name}` })),
  });
  return <SelectField name={name} label={label} description={description} withAsterisk searchable allowDeselect={false} {...choices(query, 'Create an IPAM zone first', 'Choose a zone')} />;
}

export function ProvisionerGroupField({ name, label, description, noneLabel }: ReferenceFieldProps) {
  const query = useQuery({
    ...allProvisionerGroupsQueryOptions(),
    select: (page) => page.data.map((group) => ({ id: group.id, label: `${group.name} · ${group.zone_name}` })),
  });
  const { data, placeholder } = choices(query, 'Create a provisioner group first', 'Choose a group');
  return noneLabel ? (
    <SelectField name={name} label={label} description={description} nullable clearable searchable data={data} placeholder={noneLabel} />
  ) : (
    <SelectField name={name} label={label} description={description} withAsterisk searchable allowDeselect={false} data={data} placeholder={placeholder} />
  );
}
