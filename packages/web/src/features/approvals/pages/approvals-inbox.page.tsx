import { useState } from 'react';
import type { ApprovalRequest } from '@keydeck/contract/approvals';
import { ApprovalRequestsTable } from '../components/approval-requests-table';
import { Decision } from '../components/decision';
import { ReviewModal } from '../components/review-modal';

/** Approvals › Inbox: the requests the user may decide, each reviewed, then approved or denied. */
export function ApprovalsInboxPage() {
  const [reviewed, setReviewed] = useState<ApprovalRequest | null>(null);
  const close = () => setReviewed(null);
  return (
    <>
      <ApprovalRequestsTable box="inbox" label="Approval inbox" emptyText="Nothing waits for your approval" onReview={setReviewed} />
      <ReviewModal request={reviewed} onClose={close}>
        {(request) => <Decision request={request} onDecided={close} />}
      </ReviewModal>
    </>
  );
}
