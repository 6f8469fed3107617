import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import type { ReactNode } from 'react';
import { Alert, Modal, Stack } from '@mantine/core';
import type { ApprovalRequest } from '@keydeck/contract/approvals';
import { formatDateTime } from '../../../lib/datetime';
import { Fact, FactList } from '../../../lib/ui/fact-list';
import { UiDefaults } from '../../../lib/ui-defaults';
import { ApprovalCall } from './approval-call';
import { ApprovalDecisions } from './approval-decisions';
import { approvalsCount } from './approval-requests-table';
import { ApprovalStateBadge } from './approval-state-badge';

interface ReviewModalProps {
  /** The request under review; null while closed. */
  request: ApprovalRequest | null;
  onClose: () => void;
  /** What the caller may do with it: decide (inbox) or carry out and cancel (their own). */
  children: (request: ApprovalRequest) => ReactNode;
}

/** One approval request: what it binds (the call exactly), who decided what, and why the caller may not decide. */
export function ReviewModal({ request, onClose, children }: ReviewModalProps) {
  return (
    <Modal opened={request !== null} onClose={onClose} title="Approval request" size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {request ? (
        <Stack gap="md">
          <FactList>
            <Fact label="Operation">{request.label}</Fact>
            <Fact label="Service">{request.service ?? 'Account'}</Fact>
            <Fact label="Requested by">{request.requested_by}</Fact>
            <Fact label="Requested">{formatDateTime(request.created_at)}</Fact>
            <Fact label="Approvals">{approvalsCount(request)}</Fact>
            <Fact label="State">
              <ApprovalStateBadge state={request.state} />
            </Fact>
            <Fact label="Expires">{formatDateTime(request.expires_at)}</Fact>
          </FactList>
          <ApprovalCall call={request.call} />
          <ApprovalDecisions decisions={request.decisions} />
          {request.you.why_not ? (
            <Alert color="info" variant="light" data-testid="approval-why-not">
              {request.you.why_not}
            </Alert>
          ) : null}
          {children(request)}
        </Stack>
      ) : null}
    </Modal>
  );
}
