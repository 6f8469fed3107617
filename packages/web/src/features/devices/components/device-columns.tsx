import { Anchor, Text } from '@mantine/core';
import type { Device } from '@keydeck/contract/devices';
import { formatDate, formatDateTime } from '../../../lib/datetime';
import type { DataTableColumn } from '../../../lib/ui/data-table';
import { DeviceStatus, Maybe } from './device-cells';

/** The Remote Devices columns; a serial opens the device's history. */
export function deviceColumns(openHistory: (serial: string) => void): DataTableColumn<Device>[] {
  return [
    {
      key: 'serial',
      title: 'Serial',
      sortKey: 'serial',
      render: (device) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={500}
          ta="left"
          ff="monospace"
          onClick={() => openHistory(device.serial)}
          aria-label={`History of device ${device.serial}`}
        >
          {device.serial}
        </Anchor>
      ),
    },
    { key: 'group', title: 'Group', sortKey: 'group', render: (device) => <Text size="sm">{device.group}</Text> },
    { key: 'device_model', title: 'Model', sortKey: 'device_model', render: (device) => <Maybe value={device.device_model} /> },
    { key: 'status', title: 'Status', render: (device) => <DeviceStatus device={device} /> },
    {
      key: 'last_load',
      title: 'Last load',
      sortKey: 'last_load',
      render: (device) => <Maybe value={device.last_load === null ? null : formatDateTime(device.last_load)} />,
    },
    { key: 'created_at', title: 'Added', sortKey: 'created_at', render: (device) => <Maybe value={formatDate(device.created_at)} /> },
  ];
}
