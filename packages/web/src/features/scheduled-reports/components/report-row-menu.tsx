import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Button, Group, Menu } from '@mantine/core';
import type { ScheduledReport } from '@keydeck/contract/scheduled-reports';

export type ReportRowAction = 'run' | 'history' | 'edit' | 'switch' | 'delete';

/** Run now, the action used most, as a button; the others in a menu. Without Modify, only the history. */
export function ReportRowMenu({
  report,
  canModify,
  running,
  onAction,
}: {
  report: ScheduledReport;
  canModify: boolean;
  running: boolean;
  onAction: (action: ReportRowAction) => void;
}) {
  if (!canModify) {
    return (
      <Button size="compact-sm" variant="subtle" onClick={() => onAction('history')} aria-label={`Runs of ${report.name}`}>
        Runs
      </Button>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="light" loading={running} onClick={() => onAction('run')} aria-label={`Run now: ${report.name}`}>
        Run now
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-sm" variant="subtle" aria-label={`More actions for ${report.name}`}>
            More
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onAction('history')}>Run history</Menu.Item>
          <Menu.Item onClick={() => onAction('edit')}>Edit…</Menu.Item>
          <Menu.Item onClick={() => onAction('switch')}>{report.enabled ? 'Switch off' : 'Switch on'}</Menu.Item>
          <Menu.Item color="error" onClick={() => onAction('delete')}>
            Delete…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
