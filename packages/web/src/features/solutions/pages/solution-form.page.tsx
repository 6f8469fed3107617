import { Alert, Anchor, Button, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { placementsQueryOptions, solutionQueryOptions, useDeleteSolution, useSaveSolution } from '../api/solutions.api';
import { SolutionForm } from '../components/solution-form';
import { NEW_SOLUTION } from './solutions.page';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/solutions/$solution_id/form');
const TAB = '/v2/admin/company-management/accounts/$account_id/solutions';

/** Defines a new solution (solution id 'new') or changes one, then goes back to the account's solutions. */
export function SolutionFormPage() {
  const { account_id, solution_id } = route.useParams();
  const creating = solution_id === NEW_SOLUTION;
  const solution = useQuery({ ...solutionQueryOptions(solution_id), enabled: !creating });
  const placements = useQuery(placementsQueryOptions(account_id));
  const save = useSaveSolution();
  const remove = useDeleteSolution();
  const navigate = useNavigate();
  const back = () => void navigate({ to: TAB, params: { account_id } });

  const deleteSolution = async () => {
    if (!solution.data) return;
    const { id, name } = solution.data;
    const deleted = await confirmAction(`Delete the solution ${name}? Services it created stay with their accounts.`, () => remove.mutateAsync(id));
    if (deleted) {
      showToast({ color: 'success', message: `Solution ${deleted.name} deleted.` });
      back();
    }
  };

  const loadError = solution.error ?? placements.error;
  return (
    <Stack gap="md" maw={880}>
      <Anchor size="sm" w="fit-content" renderRoot={(props) => <Link {...props} to={TAB} params={{ account_id }} />}>
        ← Solutions
      </Anchor>
      <Title order={2} fz="h3">
        {creating ? 'New solution' : `Edit ${solution.data?.name ?? 'solution'}`}
      </Title>
      {loadError ? (
        <Alert color="error" variant="light" title="The form could not be loaded">
          {loadError.message}
        </Alert>
      ) : !placements.data || (!creating && !solution.data) ? (
        <Skeleton height={240} aria-label="Loading the form" />
      ) : (
        <SolutionForm
          key={solution.data?.updated_at ?? NEW_SOLUTION}
          solution={creating ? undefined : solution.data}
          placements={placements.data}
          pending={save.isPending}
          onSubmit={async (fields) => {
            const saved = await save.mutateAsync({ id: creating ? undefined : solution_id, fields });
            showToast({ color: 'success', message: creating ? `Solution ${saved.name} defined.` : `Solution ${saved.name} saved.` });
            back();
          }}
          actions={
            <>
              {creating ? null : (
                <Button variant="subtle" color="error" onClick={() => void deleteSolution()} loading={remove.isPending}>
                  Delete
                </Button>
              )}
              <Button variant="default" onClick={back}>
                Cancel
              </Button>
            </>
          }
        />
      )}
    </Stack>
  );
}
