import { useState } from 'react';
import type { ApprovalPolicy } from '@keydeck/contract/approvals';
import { FormModal } from '../../../lib/ui/form-modal';
import { useSetApprovalPolicy } from '../api/approvals.api';
import { PoliciesTable } from '../components/policies-table';
import { PolicyForm, type PolicyUpdate } from '../components/policy-form';

/** Approvals › Policies: which operations of the account need approval, how many, from whom, and for how long. */
export function ApprovalPoliciesPage() {
  const [edited, setEdited] = useState<ApprovalPolicy | null>(null);
  const save = useSetApprovalPolicy();
  return (
    <>
      <PoliciesTable onEdit={setEdited} />
      <FormModal
        opened={edited !== null}
        onClose={() => setEdited(null)}
        title="Approval policy"
        mutations={[save]}
        onSubmit={async (policy: PolicyUpdate) => {
          await save.mutateAsync(policy);
          return 'Saved the approval policy';
        }}
      >
        {(form) => (edited ? <PolicyForm policy={edited} {...form} /> : null)}
      </FormModal>
    </>
  );
}
