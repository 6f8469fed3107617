import { useState } from 'react';
import type { ApprovalRequest } from '@keydeck/contract/approvals';
import { ResultReportModal, type ResultReport } from '../../../lib/ui/result-report-modal';
import { ApprovalRequestsTable } from '../components/approval-requests-table';
import { RequesterActions } from '../components/requester-actions';
import { ReviewModal } from '../components/review-modal';

/** Approvals › My requests: what the user asked for, carried out once approved, or withdrawn. */
export function MyApprovalRequestsPage() {
  const [reviewed, setReviewed] = useState<ApprovalRequest | null>(null);
  const [report, setReport] = useState<ResultReport | null>(null);
  const close = () => setReviewed(null);
  return (
    <>
      <ApprovalRequestsTable box="mine" label="My approval requests" emptyText="You have asked for nothing that needs approval" onReview={setReviewed} />
      <ReviewModal request={reviewed} onClose={close}>
        {(request) => <RequesterActions request={request} onClose={close} onReport={setReport} />}
      </ReviewModal>
      <ResultReportModal report={report} onClose={() => setReport(null)} />
    </>
  );
}
