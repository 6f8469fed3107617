import { Anchor, Stack } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { SolutionOnboardPanel } from '../components/solution-onboard-panel';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/solutions/$solution_id/onboard');

/** Onboards one solution onto the account and follows the run. */
export function SolutionOnboardPage() {
  const { account_id, solution_id } = route.useParams();
  return (
    <Stack gap="md">
      <Anchor size="sm" w="fit-content" renderRoot={(props) => <Link {...props} to="/v2/admin/company-management/accounts/$account_id/solutions" params={{ account_id }} />}>
        ← Solutions
      </Anchor>
      <SolutionOnboardPanel accountId={account_id} solutionId={solution_id} />
    </Stack>
  );
}
