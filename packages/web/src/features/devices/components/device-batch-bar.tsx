import '@mantine/core/styles/Progress.css';
import { useState } from 'react';
import { Button, Progress, Stack, Text } from '@mantine/core';
import { confirmAction } from '../../../lib/dialogs';
import { SelectionPanel } from '../../../lib/ui/selection-panel';
import { useDeviceBatch, type DeviceBatchChange, type DeviceBatchProgress, type DeviceBatchTarget } from '../api/device-batch';
import { batchReportLines } from '../api/device-report';
import type { BatchReport } from './batch-report-modal';
import { AssignModelModal } from './assign-model-modal';
import { MoveDevicesModal } from './move-devices-modal';

const count = (n: number) => n.toLocaleString('en-US');

interface DeviceBatchBarProps {
  serviceId: string;
  /** The serials picked row by row, or every device matching the list's filters. */
  target: DeviceBatchTarget;
  /** "10,000+" when the count is capped. */
  matchingText: string;
  /** Offers "Select all N matching" while only picked rows are the target. */
  onSelectAllMatching: (() => void) | undefined;
  onClear: () => void;
  /** Devices that succeeded leave the selection; failed ones stay picked for another try. */
  onDone: (succeeded: string[]) => void;
  onReport: (report: BatchReport) => void;
}

/** The batch actions (Device at Modify): they act on the picked devices or, chosen so, on every matching one. */
export function DeviceBatchBar({ serviceId, target, matchingText, onSelectAllMatching, onClear, onDone, onReport }: DeviceBatchBarProps) {
  const batch = useDeviceBatch(serviceId);
  const confirmedBatch = useDeviceBatch(serviceId, true);
  const [progress, setProgress] = useState<DeviceBatchProgress | null>(null);
  const [choosing, setChoosing] = useState<'model' | 'group' | null>(null);
  const matching = 'filter' in target;
  const what = matching ? `all ${matchingText} matching devices` : `${count(target.serials.length)} device${target.serials.length === 1 ? '' : 's'}`;

  const run = async (label: string, change: DeviceBatchChange) => {
    const dangerous = change.kind === 'delete';
    const start = (mutation: typeof batch) => () => {
      setProgress({ processed: 0, remaining: matching ? target.matching : target.serials.length });
      return mutation.mutateAsync({ change, target, onProgress: setProgress }).finally(() => setProgress(null));
    };
    // A refused batch changed nothing and the selection stays: a confirmed one says so in its dialog, another in
    // the central toast.
    const outcome =
      dangerous || matching
        ? await confirmAction(`${label}: ${what}?${dangerous ? ' Deleted devices cannot be restored.' : ''}`, start(confirmedBatch))
        : await start(batch)().catch(() => null);
    if (!outcome) return;
    onReport({ title: `${label}: result`, lines: batchReportLines(outcome.results), stopped: outcome.stopped, nameColumn: 'serial' });
    onDone(outcome.results.filter((result) => result.success).map((result) => result.serial));
  };

  const actions: [string, DeviceBatchChange | (() => void)][] = [
    ['Archive', { kind: 'update', change: 'archive' }],
    ['Unarchive', { kind: 'update', change: 'unarchive' }],
    ['Lock', { kind: 'update', change: 'lock' }],
    ['Unlock', { kind: 'update', change: 'unlock' }],
    ['Clear load status', { kind: 'update', change: 'clear_load' }],
    ['Assign model', () => setChoosing('model')],
    ['Move to group', () => setChoosing('group')],
  ];
  const running = progress !== null;
  const done = progress ? progress.processed / Math.max(1, progress.processed + progress.remaining) : 0;

  return (
    <>
      <SelectionPanel
        summary={matching ? `All ${matchingText} matching devices selected` : `${count(target.serials.length)} selected`}
        extra={
          onSelectAllMatching ? (
            <Button size="compact-sm" variant="subtle" onClick={onSelectAllMatching} disabled={running}>
              Select all {matchingText} matching
            </Button>
          ) : null
        }
        actions={
          <>
            {actions.map(([label, action]) => (
              <Button
                key={label}
                size="xs"
                variant="light"
                disabled={running}
                onClick={() => (typeof action === 'function' ? action() : void run(label, action))}
              >
                {label}
              </Button>
            ))}
            <Button size="xs" color="error" disabled={running} onClick={() => void run('Delete', { kind: 'delete' })}>
              Delete
            </Button>
          </>
        }
        onClear={onClear}
        busy={running}
      >
        {progress ? (
          <Stack gap={4}>
            <Progress.Root size="sm">
              <Progress.Section value={done * 100} animated aria-label="Batch progress" />
            </Progress.Root>
            <Text size="xs" c="dimmed" aria-live="polite">
              Processed {count(progress.processed)} · {count(progress.remaining)} remaining
            </Text>
          </Stack>
        ) : null}
      </SelectionPanel>
      <AssignModelModal
        serviceId={serviceId}
        opened={choosing === 'model'}
        target={what}
        onClose={() => setChoosing(null)}
        onChosen={(model) => void run('Assign model', { kind: 'update', change: 'assign_model', device_model: model })}
      />
      <MoveDevicesModal
        serviceId={serviceId}
        opened={choosing === 'group'}
        target={what}
        onClose={() => setChoosing(null)}
        onChosen={(group) => void run('Move to group', { kind: 'move', group })}
      />
    </>
  );
}
