import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DeviceModel } from '@keydeck/contract/devices';
import type { Service } from '@keydeck/contract/services';
import { confirmAction } from '../../../lib/dialogs';
import { useServiceAccess } from '../../../lib/service-access';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { deviceModelsQueryOptions, useDeleteDeviceModel } from '../api/device-models.api';
import { DeviceModelModal } from './device-model-modal';

/**
 * The device models of the service with how many devices carry each. Creating, renaming and deleting need Device
 * at Modify; the server refuses to delete a model still in use, and the delete's dialog says so in its words.
 */
export function DeviceModelsSection({ service }: { service: Service }) {
  const canModify = useServiceAccess(service).can('Device', 'Modify');
  const models = useQuery(deviceModelsQueryOptions(service.id));
  const remove = useDeleteDeviceModel(service.id);
  // undefined: closed; null: a new model; a name: that model renamed.
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const table = { ...models, data: models.data ? { data: models.data.data, total: models.data.data.length } : undefined };

  const removeModel = async (name: string) => {
    const deleted = await confirmAction(`Delete the device model ${name}?`, () => remove.mutateAsync(name));
    if (deleted) showToast({ color: 'success', message: `Device model ${name} deleted.` });
  };

  const columns: DataTableColumn<DeviceModel>[] = [
    { key: 'name', title: 'Name', render: (model) => <Text size="sm" fw={500}>{model.name}</Text> },
    { key: 'devices', title: 'Devices', width: 120, render: (model) => <Text size="sm">{model.device_count.toLocaleString('en-US')}</Text> },
  ];
  if (canModify) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      width: 180,
      render: (model) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => setEditing(model.name)} aria-label={`Rename ${model.name}`}>
            Rename
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="error"
            loading={remove.isPending && remove.variables === model.name}
            onClick={() => void removeModel(model.name)}
            aria-label={`Delete ${model.name}`}
          >
            Delete
          </Button>
        </Group>
      ),
    });
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h3">
          Device models
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          The terminal models devices may be assigned.
        </Text>
      </div>
      <DataTable
        label="Device models"
        columns={columns}
        query={table}
        rowKey={(model) => model.name}
        toolbar={canModify ? <Button onClick={() => setEditing(null)}>New model</Button> : undefined}
        emptyText={`No device models yet. ${canModify ? 'Add one with New model, then assign it to devices from Remote Devices.' : 'Someone who may change devices adds them.'}`}
        minWidth={480}
      />
      <DeviceModelModal serviceId={service.id} opened={editing !== undefined} model={editing ?? undefined} onClose={() => setEditing(undefined)} />
    </Stack>
  );
}
