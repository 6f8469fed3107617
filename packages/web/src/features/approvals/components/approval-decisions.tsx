import '@mantine/core/styles/List.css';
import { List, Stack, Text } from '@mantine/core';
import type { ApprovalRequest } from '@keydeck/contract/approvals';
import { formatDateTime } from '../../../lib/datetime';

/** Who decided what, why and when, in the order they decided. */
export function ApprovalDecisions({ decisions }: { decisions: ApprovalRequest['decisions'] }) {
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        Decisions
      </Text>
      {decisions.length === 0 ? (
        <Text size="sm">Nobody has decided yet.</Text>
      ) : (
        <List size="sm" spacing={4} aria-label="Decisions">
          {decisions.map((decision) => (
            <List.Item key={`${decision.approver}-${decision.decided_at}`}>
              <Text span fw={600} size="sm">
                {decision.approver}
              </Text>{' '}
              {decision.decision === 'approve' ? 'approved' : 'denied'} on {formatDateTime(decision.decided_at)}
              {decision.reason ? `: ${decision.reason}` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
