import { Button, Group } from '@mantine/core';
import { PartnerMessages, type Partner } from '@keydeck/contract/partners';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useSetPartnerStatus } from '../api/partners.api';

/** Edit, and Suspend or Reactivate after a Yes. */
export function PartnerActions({ partner, onEdit }: { partner: Partner; onEdit: (partner: Partner) => void }) {
  const setStatus = useSetPartnerStatus();
  const suspend = partner.status === 'active';
  const change = async () => {
    const question = suspend
      ? `Suspend ${partner.name}? It keeps its accounts but cannot receive new ones.`
      : `Reactivate ${partner.name}? It can receive new accounts again.`;
    const run = () => setStatus.mutateAsync({ id: partner.id, action: suspend ? 'suspend' : 'reactivate' });
    const changed = await confirmAction(question, run, suspend ? 'Suspend partner' : 'Reactivate partner');
    if (changed) showToast({ color: 'success', message: suspend ? PartnerMessages.suspendedDone(changed.name) : PartnerMessages.reactivated(changed.name) });
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Can permission={Permission.platformAdmin} mode="disable">
        <Button size="xs" variant="subtle" aria-label={`Edit ${partner.name}`} onClick={() => onEdit(partner)}>
          Edit
        </Button>
      </Can>
      <Can permission={Permission.platformAdmin} mode="disable">
        <Button
          size="xs"
          variant="subtle"
          color={suspend ? 'error' : 'success'}
          aria-label={`${suspend ? 'Suspend' : 'Reactivate'} ${partner.name}`}
          loading={setStatus.isPending}
          onClick={() => void change()}
        >
          {suspend ? 'Suspend' : 'Reactivate'}
        </Button>
      </Can>
    </Group>
  );
}
