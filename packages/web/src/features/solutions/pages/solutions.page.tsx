import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { SolutionsCatalogue } from '../components/solutions-catalogue';

const tab = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/solutions');
const SOLUTION = '/v2/admin/company-management/accounts/$account_id/solutions/$solution_id';

/** The account page's Solutions tab: the catalogue with this account's last run of each. */
export function SolutionsPage() {
  const { account_id } = tab.useParams();
  const navigate = useNavigate();
  const open = (solution_id: string, page: 'form' | 'onboard') => void navigate({ to: `${SOLUTION}/${page}`, params: { account_id, solution_id } });
  return <SolutionsCatalogue accountId={account_id} onNew={() => open(NEW_SOLUTION, 'form')} onEdit={(id) => open(id, 'form')} onOnboard={(id) => open(id, 'onboard')} />;
}

/** The solution id of the form that defines a new one. */
export const NEW_SOLUTION = 'new';
