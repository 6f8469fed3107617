import { Badge, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ApprovalPolicy } from '@keydeck/contract/approvals';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { approvalPoliciesQueryOptions } from '../api/approvals.api';

/** Every operation that can need approval, with its policy (off unless set); company:manage changes one. */
export function PoliciesTable({ onEdit }: { onEdit: (policy: ApprovalPolicy) => void }) {
  const query = useQuery({ ...approvalPoliciesQueryOptions(), select: ({ policies }) => ({ data: policies, total: policies.length }) });
  const columns: DataTableColumn<ApprovalPolicy>[] = [
    { key: 'operation', title: 'Operation', render: (policy) => <Text fw={600} size="sm">{policy.label}</Text> },
    {
      key: 'enabled',
      title: 'Requires approval',
      render: (policy) => (
        <Badge variant="light" color={policy.enabled ? 'success' : 'gray'}>
          {policy.enabled ? 'On' : 'Off'}
        </Badge>
      ),
    },
    { key: 'approvals', title: 'Approvals', render: (policy) => policy.required_approvals },
    { key: 'role', title: 'Approver role', render: (policy) => policy.approver_role.name },
    { key: 'wait', title: 'Waits for', render: (policy) => `${policy.wait_hours} h` },
    {
      key: 'actions',
      title: 'Actions',
      width: 100,
      render: (policy) => (
        <Can permission={Permission.companyManage} mode="disable">
          <Button size="xs" variant="subtle" aria-label={`Edit ${policy.label}`} onClick={() => onEdit(policy)}>
            Edit
          </Button>
        </Can>
      ),
    },
  ];
  return <DataTable label="Approval policies" columns={columns} query={query} rowKey={(policy) => policy.operation} emptyText="No operation can need approval" />;
}
