import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorEnvelope } from '@keydeck/contract/errors';
import type { Device } from '@keydeck/contract/devices';
import type { Service } from '@keydeck/contract/services';
import { ApiError } from '../../../lib/api-error';
import { useServiceAccess } from '../../../lib/service-access';
import { DataTable } from '../../../lib/ui/data-table';
import { inexactTotal } from '../../../lib/ui/list-total';
import type { DeviceBatchTarget } from '../api/device-batch';
import { deviceListState, deviceOrderBy, isFiltered, wireFilter, type DeviceListPatch } from '../api/device-list';
import { devicesQueryOptions, useExportDevices } from '../api/devices.api';
import { AddDeviceModal } from './add-device-modal';
import { BatchReportModal, type BatchReport } from './batch-report-modal';
import { deviceColumns } from './device-columns';
import { DeviceBatchBar } from './device-batch-bar';
import { DeviceFilters } from './device-filters';
import { DeviceHistoryDrawer } from './device-history-drawer';
import { ImportDevicesModal } from './import-devices-modal';

/** A refused filter's field errors (an end date before the start date), to show on the filter itself. */
function filterErrors(error: unknown): Partial<Record<'date_start' | 'date_end', string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors = errorEnvelope.partial().safeParse(error.body).data?.errors ?? {};
  return { date_start: errors.date_start?.join(', '), date_end: errors.date_end?.join(', ') };
}

interface DevicesSectionProps {
  service: Service;
  /** The list and its filters as the URL holds them: the page that hosts the section owns the URL. */
  list: { search: DeviceListPatch; onChange: (patch: DeviceListPatch) => void };
}

/**
 * The remote devices of the service (spec §3): paged, sorted and filtered by the server; picked rows (on any page)
 * or every matching device take batch changes, each answered with a per-device report. Changes need Device at
 * Modify and are not offered without it.
 */
export function DevicesSection({ service, list }: DevicesSectionProps) {
  const canModify = useServiceAccess(service).can('Device', 'Modify');
  const state = deviceListState(list.search);
  const devices = useQuery(devicesQueryOptions(service.id, state));
  const exporter = useExportDevices(service.id);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [report, setReport] = useState<BatchReport | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);

  // "Every matching device" means the filters it was chosen under: new filters drop it (picked rows stay).
  const filter = wireFilter(state);
  const filterKey = JSON.stringify(filter);
  const [chosenUnder, setChosenUnder] = useState(filterKey);
  if (chosenUnder !== filterKey) {
    setChosenUnder(filterKey);
    setAllMatching(false);
  }

  const total = devices.data?.total ?? 0;
  const capped = devices.data?.total_capped ?? false;
  const inexact = inexactTotal(devices.data);
  const matchingText = inexact ?? total.toLocaleString('en-US');
  const target: DeviceBatchTarget = allMatching ? { filter, matching: total } : { serials: [...picked] };
  const pick = (serials: string[], on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      serials.forEach((serial) => (on ? next.add(serial) : next.delete(serial)));
      return next;
    });
  const clear = () => {
    setPicked(new Set());
    setAllMatching(false);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h3">
          Remote devices
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          The payment terminals this service loads keys into, by group and model.
        </Text>
      </div>
      <DeviceFilters serviceId={service.id} state={state} onChange={list.onChange} errors={filterErrors(devices.error)} />
      {canModify && (allMatching || picked.size > 0) ? (
        <DeviceBatchBar
          serviceId={service.id}
          target={target}
          matchingText={matchingText}
          onSelectAllMatching={!allMatching && total > picked.size ? () => setAllMatching(true) : undefined}
          onClear={clear}
          onDone={(succeeded) => {
            setAllMatching(false);
            pick(succeeded, false);
          }}
          onReport={setReport}
        />
      ) : null}
      {total > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="devices-total">
          {capped
            ? `${matchingText} devices match. Only the first ${total.toLocaleString('en-US')} can be paged through: narrow the filter to see the others.`
            : `${matchingText} device${total === 1 && !inexact ? '' : 's'}`}
        </Text>
      ) : null}
      <DataTable
        label="Remote devices"
        columns={deviceColumns(setHistory)}
        query={devices}
        rowKey={(device) => device.serial}
        list={{ state, onChange: (patch) => list.onChange({ ...patch, order_by: deviceOrderBy(patch.order_by) ?? state.order_by }) }}
        searchLabel="Search devices by serial"
        toolbar={
          <>
            <Button variant="default" loading={exporter.isPending} onClick={() => exporter.mutate(state)}>
              Export CSV
            </Button>
            {canModify ? (
              <>
                <Button variant="default" onClick={() => setDialog('import')}>
                  Import CSV
                </Button>
                <Button onClick={() => setDialog('add')}>Add device</Button>
              </>
            ) : null}
          </>
        }
        emptyText={isFiltered(state) ? 'No devices match.' : `This service has no devices yet. ${canModify ? 'Add one with Add device, or import many with Import CSV.' : 'Someone who may change devices adds them.'}`}
        {...(canModify ? { picked: { rowLabel: (device: Device) => `device ${device.serial}`, keys: picked, onToggle: (rows: Device[], on: boolean) => pick(rows.map((row) => row.serial), on) } } : {})}
        totalText={inexact}
        minWidth={860}
      />
      <AddDeviceModal serviceId={service.id} opened={dialog === 'add'} onClose={() => setDialog(null)} />
      <ImportDevicesModal serviceId={service.id} opened={dialog === 'import'} onClose={() => setDialog(null)} />
      <DeviceHistoryDrawer serviceId={service.id} serial={history} onClose={() => setHistory(null)} />
      <BatchReportModal report={report} onClose={() => setReport(null)} />
    </Stack>
  );
}
