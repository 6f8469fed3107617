import { Button, Group } from '@mantine/core';
import type { MarketplaceEntitlement } from '@keydeck/contract/marketplaces';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { ApproveEntitlementModal } from './approve-entitlement-modal';
import { EntitlementServicesModal } from './entitlement-services-modal';
import { RejectEntitlementModal } from './reject-entitlement-modal';

export type EntitlementDialogKind = 'approve' | 'reject' | 'services';
/** The decision dialog open, with the entitlement it is about; null when none is. */
export type EntitlementDialog = { kind: EntitlementDialogKind; entitlement: MarketplaceEntitlement } | null;

/** What can be done now: decide a pending entitlement once; change what an approved one pays for. */
export function EntitlementActionButtons({ entitlement, onOpen }: { entitlement: MarketplaceEntitlement; onOpen: (dialog: EntitlementDialog) => void }) {
  const name = entitlement.account.name;
  const open = (kind: EntitlementDialogKind) => () => onOpen({ kind, entitlement });
  if (entitlement.state === 'rejected') return null;
  return (
    <Group gap={4} wrap="nowrap">
      {entitlement.state === 'pending' ? (
        <>
          <Can permission={Permission.platformAdmin} mode="disable">
            <Button size="xs" variant="subtle" color="success" aria-label={`Approve ${name}`} onClick={open('approve')}>
              Approve
            </Button>
          </Can>
          <Can permission={Permission.platformAdmin} mode="disable">
            <Button size="xs" variant="subtle" color="error" aria-label={`Reject ${name}`} onClick={open('reject')}>
              Reject
            </Button>
          </Can>
        </>
      ) : (
        <Can permission={Permission.platformAdmin} mode="disable">
          <Button size="xs" variant="subtle" aria-label={`Edit services of ${name}`} onClick={open('services')}>
            Edit services
          </Button>
        </Can>
      )}
    </Group>
  );
}

/** The three decision dialogs; the one `dialog` names is open. */
export function EntitlementDialogs({ dialog, onClose }: { dialog: EntitlementDialog; onClose: () => void }) {
  const about = (kind: EntitlementDialogKind) => (dialog?.kind === kind ? dialog.entitlement : null);
  return (
    <>
      <ApproveEntitlementModal entitlement={about('approve')} onClose={onClose} />
      <RejectEntitlementModal entitlement={about('reject')} onClose={onClose} />
      <EntitlementServicesModal entitlement={about('services')} onClose={onClose} />
    </>
  );
}
