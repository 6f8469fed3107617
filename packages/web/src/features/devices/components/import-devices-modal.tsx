import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { newDevice, type NewDevice } from '@keydeck/contract/devices';
import { ApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/toasts';
import { DEVICE_IMPORT_MAX, parseDeviceCsv } from '../api/device-csv';
import { useCreateDevices } from '../api/devices.api';
import { ImportProblems, type ImportProblem } from './import-problems';

/** A checked file: the devices it adds, and the rows refused by the contract or by the server's dry run. */
interface Preview {
  fileName: string;
  rows: number;
  devices: NewDevice[];
  problems: ImportProblem[];
}

// Data row i (from 0) is row i + 2 in a spreadsheet: the header is row 1.
const spreadsheetRow = (index: number) => index + 2;

/**
 * Imports devices from a CSV file (serial,group and optionally device_model): read here, checked by the contract
 * and then by the server without changing anything (a dry run), and imported, all or none, once no row has a problem.
 */
export function ImportDevicesModal({ serviceId, opened, onClose }: { serviceId: string; opened: boolean; onClose: () => void }) {
  const create = useCreateDevices(serviceId);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Lets the same file be chosen again after it was fixed.
  const resetFile = useRef<() => void>(null);
  const close = () => {
    setPreview(null);
    setError(null);
    create.reset();
    onClose();
  };

  const check = async (file: File | null) => {
    if (!file) return;
    setPreview(null);
    setError(null);
    const text = await file.text();
    resetFile.current?.();
    const parsed = parseDeviceCsv(text);
    if ('error' in parsed) return setError(parsed.error);
    const problems: ImportProblem[] = [];
    const devices: NewDevice[] = [];
    const rowOf: number[] = [];
    parsed.devices.forEach((row, index) => {
      const checked = newDevice.safeParse(row);
      if (checked.success) {
        devices.push(checked.data);
        rowOf.push(spreadsheetRow(index));
      } else problems.push({ row: spreadsheetRow(index), serial: row.serial, messages: checked.error.issues.map((issue) => issue.message) });
    });
    try {
      const dryRun = devices.length ? await create.mutateAsync({ devices, dryRun: true }) : { problems: [] };
      problems.push(...dryRun.problems.map((problem) => ({ ...problem, row: rowOf[problem.row] ?? problem.row })));
      setPreview({ fileName: file.name, rows: parsed.devices.length, devices, problems: problems.sort((a, b) => a.row - b.row) });
    } catch (caught) {
      // A 400 is the form's to show (no toast); anything else was toasted centrally.
      if (caught instanceof ApiError && caught.status === 400) setError(caught.message);
    }
  };

  const importAll = async () => {
    if (!preview) return;
    try {
      const { created } = await create.mutateAsync({ devices: preview.devices });
      showToast({ color: 'success', message: `${created.toLocaleString('en-US')} device${created === 1 ? '' : 's'} imported.` });
      close();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400) setError(caught.message);
    }
  };

  // A row has its problems once: from the contract (then it is not sent) or from the dry run.
  const good = preview ? preview.rows - preview.problems.length : 0;
  const ready = preview !== null && preview.problems.length === 0 && preview.devices.length > 0;

  return (
    <Modal opened={opened} onClose={close} title="Import devices from CSV" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">
          The file&apos;s first line names its columns: <code>serial,group</code> and, if wanted, <code>device_model</code> (an export
          file works too). At most {DEVICE_IMPORT_MAX.toLocaleString('en-US')} devices a file. Every row is checked first; the
          devices are imported only when no row has a problem, all together.
        </Text>
        {error ? (
          <Alert color="error" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {preview ? (
          <Stack gap="xs" data-testid="import-preview">
            <Text size="sm" fw={600} aria-live="polite">
              {preview.fileName}: {good.toLocaleString('en-US')} good row{good === 1 ? '' : 's'},{' '}
              {preview.problems.length.toLocaleString('en-US')} with problems
            </Text>
            {preview.problems.length > 0 ? <ImportProblems problems={preview.problems} /> : null}
          </Stack>
        ) : null}
        <Group justify="space-between">
          <FileButton accept=".csv,text/csv" resetRef={resetFile} onChange={(file) => void check(file)}>
            {(props) => (
              <Button variant="default" loading={create.isPending && !ready} {...props}>
                {preview ? 'Choose another file' : 'Choose a CSV file'}
              </Button>
            )}
          </FileButton>
          <Group gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            {ready ? (
              <Button onClick={() => void importAll()} loading={create.isPending}>
                Import {preview.devices.length.toLocaleString('en-US')} devices
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
