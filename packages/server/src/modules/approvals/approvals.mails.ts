import type { ApprovalRequest } from '@keydeck/contract/approvals';
import type { Mail } from '../../platform/mailer.ts';

/** Tells an approver that a request waits for them. Plain text, and nothing of the call but what it is. */
export function approvalMail(approver: { username: string; email: string }, request: ApprovalRequest, publicUrl: string): Mail {
  const where = request.service ? ` in the service ${request.service}` : '';
  return {
    to: approver.email,
    subject: `Approval needed: ${request.label}`,
    text: [
      `Hello ${approver.username},`,
      ``,
      `${request.requested_by} asks to ${request.label.charAt(0).toLowerCase()}${request.label.slice(1)}${where}.`,
      `It needs ${request.required_approvals} approval${request.required_approvals === 1 ? '' : 's'} before ${request.expires_at} (UTC).`,
      `Review the exact request, then approve or deny it, in your approvals inbox:`,
      ``,
      `${publicUrl}/home/approvals`,
    ].join('\n'),
  };
}
