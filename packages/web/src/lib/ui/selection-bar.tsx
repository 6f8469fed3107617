import { useState } from 'react';
import { Alert, Button, List } from '@mantine/core';
import { Can } from '../can';
import { confirm } from '../dialogs';
import { runBatch, type BatchAction, type BatchResult } from './batch-action';
import { SelectionPanel } from './selection-panel';

interface SelectionBarProps<T> {
  rows: T[];
  actions: BatchAction<T>[];
  rowKey: (row: T) => string;
  onClear: () => void;
  /** Rows that succeeded leave the selection; failed ones stay selected for another try. */
  onDone: (succeeded: string[]) => void;
}

/** Shown while rows are selected: the count, the batch actions, and the report of the last run. */
export function SelectionBar<T>({ rows, actions, rowKey, onClear, onDone }: SelectionBarProps<T>) {
  const [running, setRunning] = useState<string | null>(null);
  const [report, setReport] = useState<BatchResult[] | null>(null);

  const start = async (action: BatchAction<T>) => {
    if (action.confirm && !(await confirm(action.confirm(rows)))) return;
    setRunning(action.label);
    try {
      const results = await runBatch(action, rows, rowKey);
      setReport(results);
      onDone(results.filter((result) => result.ok).map((result) => result.key));
    } finally {
      setRunning(null);
    }
  };

  return (
    <>
      {rows.length > 0 ? (
        <SelectionPanel
          summary={`${rows.length} selected`}
          onClear={onClear}
          busy={running !== null}
          actions={actions.map((action) => (
            <Can key={action.label} permission={action.permission} mode="disable">
              <Button
                size="xs"
                color={action.color ?? 'primary'}
                loading={running === action.label}
                disabled={running !== null && running !== action.label}
                onClick={() => void start(action)}
              >
                {action.label}
              </Button>
            </Can>
          ))}
        />
      ) : null}
      {report ? (
        <Alert
          color={report.every((result) => result.ok) ? 'success' : report.some((result) => result.ok) ? 'warning' : 'error'}
          variant="light"
          title="Batch result"
          withCloseButton
          closeButtonLabel="Dismiss batch result"
          onClose={() => setReport(null)}
          data-testid="batch-report"
        >
          <List size="sm" spacing={2}>
            {report.map((result) => (
              <List.Item key={result.key} c={result.ok ? undefined : 'var(--mantine-color-error)'}>
                {result.text}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </>
  );
}
