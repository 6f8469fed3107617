import type { ApprovalPolicy } from '@keydeck/contract/approvals';
import { FormModal } from '../../../lib/ui/form-modal';
import { useSetApprovalPolicy } from '../api/approvals.api';
import { PolicyForm, type PolicyUpdate } from './policy-form';

/** Changes one operation's approval policy; the form is rebuilt from the policy on every opening. */
export function PolicyModal({ policy, onClose }: { policy: ApprovalPolicy | null; onClose: () => void }) {
  const save = useSetApprovalPolicy();
  return (
    <FormModal
      opened={policy !== null}
      onClose={onClose}
      title="Approval policy"
      mutations={[save]}
      onSubmit={async (update: PolicyUpdate) => {
        await save.mutateAsync(update);
        return 'Saved the approval policy';
      }}
    >
      {(form) => (policy ? <PolicyForm policy={policy} {...form} /> : null)}
    </FormModal>
  );
}
