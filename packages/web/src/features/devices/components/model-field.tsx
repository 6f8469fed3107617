import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../../lib/ui/choice-fields';
import { deviceModelsQueryOptions } from '../api/device-models.api';

/** The service's device models as a form control bound by name; cleared, it holds '' (no model). */
export function ModelField({ serviceId, name, autoFocus = false }: { serviceId: string; name: string; autoFocus?: boolean }) {
  const models = useQuery(deviceModelsQueryOptions(serviceId));
  return (
    <SelectField
      name={name}
      label="Device model"
      placeholder="No model"
      data={models.data?.data.map((model) => model.name) ?? []}
      searchable
      clearable
      nothingFoundMessage="No model matches"
      {...(autoFocus ? { 'data-autofocus': true } : {})}
    />
  );
}
