import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useState } from 'react';
import { Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PartnerMessages } from '@keydeck/contract/partners';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { formatDateTime } from '../../../lib/datetime';
import { confirmAction } from '../../../lib/dialogs';
import { FactCard } from '../../../lib/ui/fact-card';
import { showToast } from '../../../lib/toasts';
import { accountPartnerQueryOptions, useUnassignPartner } from '../api/partners.api';
import { AssignPartnerModal } from './assign-partner-modal';
import { formatPercent } from './percent';
import { PartnerStatusBadge } from './partner-status-badge';

/** Account › Partner: the partner the account belongs to and its assignment, with Assign and Remove. */
export function AccountPartnerPanel({ accountId }: { accountId: string }) {
  const { data: assignment, isPending } = useQuery(accountPartnerQueryOptions(accountId));
  const unassign = useUnassignPartner();
  const [assigning, setAssigning] = useState(false);

  if (isPending) return <Skeleton height={120} />;
  // A failed load is toasted centrally.
  if (assignment === undefined) return null;

  const remove = async () => {
    if (!assignment) return;
    const question = `Remove this account from ${assignment.partner.name}?`;
    const removed = await confirmAction(question, () => unassign.mutateAsync(accountId).then(() => true), 'Remove partner');
    if (removed) showToast({ color: 'success', message: PartnerMessages.unassigned });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="h4">
          Partner
        </Title>
        <Group gap="xs">
          <Can permission={Permission.platformAdmin} mode="disable">
            <Button onClick={() => setAssigning(true)}>{assignment ? 'Change partner' : 'Assign a partner'}</Button>
          </Can>
          {assignment ? (
            <Can permission={Permission.platformAdmin} mode="disable">
              <Button variant="default" color="error" loading={unassign.isPending} onClick={() => void remove()}>
                Remove partner
              </Button>
            </Can>
          ) : null}
        </Group>
      </Group>
      {assignment ? (
        <>
          <Group gap="sm">
            <Anchor fw={600} renderRoot={(props) => <Link {...props} to="/v2/admin/splenda/$partner_id" params={{ partner_id: assignment.partner.id }} />}>
              {assignment.partner.name}
            </Anchor>
            <PartnerStatusBadge status={assignment.partner.status} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <FactCard label="Commission" value={formatPercent(assignment.partner.commission_percent)} />
            <FactCard label="Contact email" value={assignment.partner.contact_email} />
            <FactCard label="Assigned" value={formatDateTime(assignment.assigned_at)} />
            <FactCard label="Assigned by" value={assignment.assigned_by} />
          </SimpleGrid>
        </>
      ) : (
        <Text c="dimmed" data-testid="no-partner">
          {PartnerMessages.noPartner}
        </Text>
      )}
      <AssignPartnerModal accountId={accountId} current={assignment?.partner.id ?? null} opened={assigning} onClose={() => setAssigning(false)} />
    </Stack>
  );
}
