import { Button } from '@mantine/core';
import { Permission } from '@keydeck/contract/permissions';
import type { PortRange } from '@keydeck/contract/port-ranges';
import { Can } from '../../../lib/can';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { rangeText, useUpdatePortRange } from '../api/port-ranges.api';

/**
 * A row's Release, for platform administrators: once they answer `question` (the platform's list and an account's tab ask in their
 * own words), the range goes back to the free pool and a toast says so.
 */
export function ReleaseRangeButton({ range, question }: { range: PortRange; question: string }) {
  const update = useUpdatePortRange(true);
  const release = async () => {
    const saved = await confirmAction(question, () => update.mutateAsync({ id: range.id, account_id: null }));
    if (saved) showToast({ color: 'success', message: `Port range ${rangeText(saved)} released.` });
  };
  return (
    <Can permission={Permission.platformAdmin} mode="disable">
      <Button size="xs" variant="subtle" color="error" aria-label={`Release ${rangeText(range)}`} loading={update.isPending} onClick={() => void release()}>
        Release
      </Button>
    </Can>
  );
}
