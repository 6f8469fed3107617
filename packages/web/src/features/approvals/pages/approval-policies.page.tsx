import { useState } from 'react';
import type { ApprovalPolicy } from '@keydeck/contract/approvals';
import { PoliciesTable } from '../components/policies-table';
import { PolicyModal } from '../components/policy-modal';

/** Approvals › Policies: which operations of the account need approval, how many, from whom, and for how long. */
export function ApprovalPoliciesPage() {
  const [edited, setEdited] = useState<ApprovalPolicy | null>(null);
  return (
    <>
      <PoliciesTable onEdit={setEdited} />
      <PolicyModal policy={edited} onClose={() => setEdited(null)} />
    </>
  );
}
