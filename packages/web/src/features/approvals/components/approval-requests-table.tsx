import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ApprovalRequest } from '@keydeck/contract/approvals';
import { formatDateTime } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { approvalRequestsQueryOptions, type ApprovalBox } from '../api/approvals.api';
import { ApprovalStateBadge } from './approval-state-badge';

/** "1 of 2": how many of the approvals the request needs it has. */
export const approvalsCount = (request: ApprovalRequest) => `${request.approvals} of ${request.required_approvals}`;

interface ApprovalRequestsTableProps {
  box: Exclude<ApprovalBox, 'all'>;
  label: string;
  emptyText: string;
  onReview: (request: ApprovalRequest) => void;
}

/** One box of approval requests (the inbox or the caller's own), each opened for review from its row. */
export function ApprovalRequestsTable({ box, label, emptyText, onReview }: ApprovalRequestsTableProps) {
  const query = useQuery({ ...approvalRequestsQueryOptions(box), select: ({ data }) => ({ data, total: data.length }) });
  const columns: DataTableColumn<ApprovalRequest>[] = [
    { key: 'operation', title: 'Operation', render: (request) => <Text fw={600} size="sm">{request.label}</Text> },
    { key: 'service', title: 'Service', render: (request) => request.service ?? 'Account' },
    { key: 'requested_by', title: 'Requested by', render: (request) => request.requested_by },
    { key: 'approvals', title: 'Approvals', render: approvalsCount },
    { key: 'state', title: 'State', render: (request) => <ApprovalStateBadge state={request.state} /> },
    { key: 'expires', title: 'Expires', render: (request) => formatDateTime(request.expires_at) },
    {
      key: 'actions',
      title: 'Actions',
      width: 110,
      render: (request) => (
        <Button size="xs" variant="default" aria-label={`Review ${request.label}`} onClick={() => onReview(request)}>
          Review
        </Button>
      ),
    },
  ];
  return <DataTable label={label} columns={columns} query={query} rowKey={(request) => request.id} emptyText={emptyText} />;
}
