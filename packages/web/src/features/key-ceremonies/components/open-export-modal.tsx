import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { KeyComponentExportOpen, KeyCustodian } from '@keydeck/contract/key-ceremonies';
import { formErrorView } from '../../../lib/form-errors';
import { CheckboxField, SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { useContractForm } from '../../../lib/use-contract-form';
import { exportableKeysQueryOptions, useOpenComponentExport } from '../api/component-exports.api';
import { openedExport } from '../api/ceremony-texts';
import { emptyExport, EXPORT_FIELDS, exportForm } from '../api/export-form';
import { ComponentsCountField, CustodiansPickError, ExpiresInHoursField } from './ceremony-form-fields';

interface OpenExportModalProps {
  serviceId: string;
  opened: boolean;
  /** The designated custodians, who may each receive a component. */
  custodians: KeyCustodian[];
  onClose: () => void;
}

/** Exports a key as two or three components, one to each custodian picked. */
export function OpenExportModal({ serviceId, opened, custodians, onClose }: OpenExportModalProps) {
  const open = useOpenComponentExport(serviceId);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Export a key as components"
      size={560}
      mutations={[open]}
      onSubmit={async (body: KeyComponentExportOpen) => {
        const opened = await open.mutateAsync(body);
        return openedExport(opened.key);
      }}
    >
      {(slot) => <OpenExportForm serviceId={serviceId} custodians={custodians} {...slot} />}
    </FormModal>
  );
}

function OpenExportForm({ serviceId, custodians, onSubmit, pending, actions }: { serviceId: string; custodians: KeyCustodian[] } & FormModalSlot<KeyComponentExportOpen>) {
  const keys = useQuery(exportableKeysQueryOptions(serviceId));
  const form = useContractForm({
    schema: exportForm,
    defaultValues: emptyExport(custodians.map((c) => c.user_id)),
    onSubmit,
    errorView: (error) => formErrorView(error, EXPORT_FIELDS, undefined, [400, 404, 409]),
  });
  return (
    <ContractForm form={form} aria-label="Export a key as components">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Each custodian sees only their own component, once, in their own session.
        </Text>
        <FormAlert />
        <SelectField
          name="key"
          label="Key"
          withAsterisk
          searchable
          data-autofocus
          data={(keys.data ?? []).map((key) => ({ value: key.name, label: `${key.name} · ${key.exportability}` }))}
          description="Active keys with exportability E or S; a key with exportability N cannot be exported."
          nothingFoundMessage={keys.isPending ? 'Loading keys…' : 'No exportable key'}
        />
        <ComponentsCountField />
        <Stack gap="xs" role="group" aria-label="Custodians">
          <Text size="sm" fw={500}>
            Custodians, one for each component
          </Text>
          {custodians.length === 0 ? (
            <Text size="sm" c="dimmed">
              No key custodians yet: a service user administrator designates them above.
            </Text>
          ) : (
            custodians.map((custodian) => <CheckboxField key={custodian.user_id} name={`named.${custodian.user_id}`} label={custodian.username} />)
          )}
        </Stack>
        <CustodiansPickError />
        <ExpiresInHoursField />
        <FormFooter submitLabel="Export" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
