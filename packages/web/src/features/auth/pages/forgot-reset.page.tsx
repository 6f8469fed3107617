import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, getRouteApi } from '@tanstack/react-router';
import { ChoosePasswordForm } from '../components/choose-password-form';
import { LinkInvalid } from '../components/link-invalid';
import { useTokenCheck } from '../components/use-token-check';
import { useSetPasswordWithToken } from '../api/passwords.api';

const route = getRouteApi('/login-group/forgot/reset');

/** /forgot/reset: the page a mailed link opens; a reset link or an invitation (invite=1) sets the password. */
export function ForgotResetPage() {
  const search = route.useSearch();
  const invite = search.invite === 1;
  const { info, checking, invalid } = useTokenCheck(search.token);
  const setPassword = useSetPasswordWithToken();
  const title = invite || info?.purpose === 'invite' ? 'Choose your password' : 'Choose a new password';

  let body;
  if (setPassword.isSuccess) {
    body = (
      <Stack gap="md">
        <Alert color="success" variant="light" role="status" title="Your password is set">
          {invite ? 'Welcome to Keydeck. Sign in with your username and the password you chose.' : 'Sign in with your new password. Any session that was still open has ended.'}
        </Alert>
        <Button fullWidth renderRoot={(props) => <Link {...props} to="/login" search={{ continue: search.continue }} />}>
          Sign in
        </Button>
      </Stack>
    );
  } else if (invalid) {
    body = <LinkInvalid continueTo={search.continue} />;
  } else if (checking || !info) {
    body = <Loader size="sm" aria-label="Checking the link" mx="auto" display="block" />;
  } else {
    body = (
      <ChoosePasswordForm
        username={info.username}
        pending={setPassword.isPending}
        onSubmit={(password) => setPassword.mutateAsync({ token: search.token ?? '', password })}
      />
    );
  }

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Title order={1} fz="h3" mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        {info ? `For the user ${info.username}.` : ' '}
      </Text>
      {body}
    </Paper>
  );
}
