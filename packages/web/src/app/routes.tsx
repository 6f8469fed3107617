import { rootRoute } from './root-route';
import { account, accountIndex, accountTabs, solution, solutionPages } from './routes/account.routes';
import { adminScreens } from './routes/admin.routes';
import { approvals, approvalsTabs } from './routes/approvals.routes';
import { apiDocsScreens } from './routes/api-docs.routes';
import { billing, billingIndex, billingTabs } from './routes/billing.routes';
import { cloudHsmScreens } from './routes/cloud-hsms.routes';
import { homeScreens, serviceSections, serviceWorkspace } from './routes/home.routes';
import { cardSetupsDashboard, infrastructureScreens } from './routes/infrastructure.routes';
import { publicScreens } from './routes/public.routes';
import { index, loginGroup, shell, unknown } from './routes/root.routes';
import { settingsScreens } from './routes/settings.routes';

/**
 * THE route table (spec §2), in tree order: the navigation and an account's tabs follow the order composed
 * here, and within an area the order of its file (routes/*.routes.ts). A group states whether its pages need a
 * session; a screen states the permission that opens it, its title, its place in the navigation and its search
 * params. A new screen is one row in its area's file.
 */
export const routeTree = rootRoute.addChildren([
  index,
  loginGroup.addChildren([...publicScreens]),
  shell.addChildren([
    ...homeScreens,
    approvals.addChildren([...approvalsTabs]),
    serviceWorkspace.addChildren([...serviceSections]),
    ...cloudHsmScreens,
    ...settingsScreens,
    billing.addChildren([billingIndex, ...billingTabs]),
    ...adminScreens,
    ...infrastructureScreens,
    cardSetupsDashboard,
    ...apiDocsScreens(shell),
    account.addChildren([accountIndex, ...accountTabs, solution.addChildren([...solutionPages])]),
  ]),
  unknown,
]);
