import { useState } from 'react';
import type { ApprovalRequest } from '@keydeck/contract/approvals';
import { ApproveForm, DenyForm } from './decide-forms';

/** An approver's decision: approve with an optional reason, or deny in a small form of its own that needs one. */
export function Decision({ request, onDecided }: { request: ApprovalRequest; onDecided: () => void }) {
  const [denying, setDenying] = useState(false);
  if (!request.you.may_decide) return null;
  return denying ? (
    <DenyForm request={request} onDecided={onDecided} onBack={() => setDenying(false)} />
  ) : (
    <ApproveForm request={request} onDecided={onDecided} onDeny={() => setDenying(true)} />
  );
}
