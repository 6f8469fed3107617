import { Permission } from '@keydeck/contract/permissions';
import { lazyScreen } from '../lazy-screen';
import { screen, tabOf } from '../screen';
import { shell } from './root.routes';

/** The user's own approvals (M-of-N dual control): every signed-in user has an inbox and their requests; tabs below. */
export const approvals = screen(shell, 'home/approvals', {
  title: 'Approvals',
  nav: {
    label: 'Approvals',
    description: 'Requests waiting for your approval, and the ones you asked for.',
    count: {
      feature: 'approvals',
      fetch: () => import('../../features/approvals/api/approvals.api').then((api) => api.inboxCount()),
      refreshMs: 30_000,
    },
  },
  component: lazyScreen(() => import('../../features/approvals/pages/approvals.page'), 'ApprovalsPage'),
});
const approvalsTab = tabOf(approvals, 'Approvals');
export const approvalsTabs = [
  approvalsTab('/', 'Inbox', {
    component: lazyScreen(() => import('../../features/approvals/pages/approvals-inbox.page'), 'ApprovalsInboxPage'),
  }),
  approvalsTab('mine', 'My requests', {
    component: lazyScreen(() => import('../../features/approvals/pages/my-approval-requests.page'), 'MyApprovalRequestsPage'),
  }),
  approvalsTab('policies', 'Policies', {
    permission: Permission.companyRead,
    component: lazyScreen(() => import('../../features/approvals/pages/approval-policies.page'), 'ApprovalPoliciesPage'),
  }),
] as const;
