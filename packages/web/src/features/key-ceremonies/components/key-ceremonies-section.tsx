import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { KeyCeremony } from '@keydeck/contract/key-ceremonies';
import type { Service } from '@keydeck/contract/services';
import { keyCustodiansQueryOptions } from '../../../lib/key-custodians.queries';
import { useServiceAccess } from '../../../lib/service-access';
import { DataTable } from '../../../lib/ui/data-table';
import { keyCeremoniesQueryOptions } from '../api/key-ceremonies.api';
import { CancelCeremonyModal } from './cancel-ceremony-modal';
import { ceremonyColumns } from './ceremony-columns';
import { ComponentExports } from './component-exports';
import { CeremonyModal } from './ceremony-modal';
import { CustodiansModal } from './custodians-modal';
import { CustodiansPanel } from './custodians-panel';
import { OpenCeremonyModal } from './open-ceremony-modal';

/**
 * Dual control and split knowledge (issue 28): the service's key custodians and its key ceremonies, each key
 * assembled from components that different custodians enter in their own sessions, and its component exports, a key
 * split into components that each custodian reveals once in their own session. Designating custodians needs
 * User at Modify; opening and cancelling a ceremony, Key at Modify; entering a component, being a custodian it allows.
 */
export function KeyCeremoniesSection({ service }: { service: Service }) {
  const access = useServiceAccess(service);
  const custodians = useQuery(keyCustodiansQueryOptions(service.id));
  const ceremonies = useQuery(keyCeremoniesQueryOptions(service.id));
  const [dialog, setDialog] = useState<'custodians' | 'open' | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<KeyCeremony | null>(null);
  const canModify = access.can('Key', 'Modify');
  // The dialog follows the list, which refreshes while a ceremony is open: other custodians' components appear.
  const shown = ceremonies.data?.data.find((ceremony) => ceremony.id === shownId) ?? null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="h3">
          Key Ceremonies
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Split knowledge and dual control: a key is assembled from two or three components, each entered by a different key custodian
          in their own session. Nobody sees another&apos;s component; the record keeps who entered which, when, with its KCV.
        </Text>
      </div>
      <CustodiansPanel custodians={custodians.data} onDesignate={access.can('User', 'Modify') ? () => setDialog('custodians') : null} />
      <Stack gap="xs">
        <Title order={3} fz="h4">
          Ceremonies
        </Title>
        <DataTable
          label="Key ceremonies"
          columns={ceremonyColumns((ceremony) => setShownId(ceremony.id))}
          query={ceremonies}
          rowKey={(ceremony) => ceremony.id}
          toolbar={canModify ? <Button onClick={() => setDialog('open')}>Open ceremony</Button> : undefined}
          emptyText="No key ceremonies yet"
          minWidth={860}
        />
      </Stack>
      <ComponentExports serviceId={service.id} canModify={canModify} custodians={custodians.data?.custodians ?? []} />
      <CustodiansModal serviceId={service.id} custodians={dialog === 'custodians' ? (custodians.data ?? null) : null} onClose={() => setDialog(null)} />
      <OpenCeremonyModal serviceId={service.id} opened={dialog === 'open'} custodians={custodians.data?.custodians ?? []} onClose={() => setDialog(null)} />
      <CeremonyModal serviceId={service.id} ceremony={cancelling ? null : shown} onCancel={canModify ? setCancelling : null} onClose={() => setShownId(null)} />
      <CancelCeremonyModal serviceId={service.id} ceremony={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
