import { Paper, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { AuthInfo } from '@keydeck/contract/auth';
import { continueTargetOrHome } from '../../../lib/continue-url';
import { TotpStepForm } from '../components/totp-step-form';

const route = getRouteApi('/login-group/login/totp/complete');

/** Spec §2 /login/totp/complete: the password was right, the authenticator code is still owed. */
export function TotpCompletePage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const completed = (session: AuthInfo) => {
    if (session.fully_logged_in) void navigate({ href: continueTargetOrHome(search.continue) });
  };
  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Title order={1} fz="h3" mb={4}>
        Two-step verification
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        Your password was right. Now confirm it is you with your authenticator app.
      </Text>
      <TotpStepForm onCompleted={completed} />
    </Paper>
  );
}
