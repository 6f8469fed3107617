import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, getRouteApi } from '@tanstack/react-router';
import { passwordResetRequest } from '@keydeck/contract/passwords';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-fields';
import { useRequestPasswordReset } from '../api/passwords.api';

const route = getRouteApi('/login-group/forgot');

/**
 * /forgot: asks for a reset link by username and account (spec §7: POST user/password/reset). Sign-in knows the
 * account by its slug, so the slug is accepted as well as the account code, and carried over from the sign-in page.
 */
export function ForgotPage() {
  const search = route.useSearch();
  const reset = useRequestPasswordReset();
  const form = useContractForm({
    schema: passwordResetRequest,
    defaultValues: { username: search.username ?? '', account_code: search.account_code ?? '' },
    onSubmit: (body) => reset.mutateAsync(body),
  });
  const backToSignIn = (
    <Group justify="center">
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/login" search={{ continue: search.continue }} />}>
        Back to sign in
      </Anchor>
    </Group>
  );

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Title order={1} fz="h3" mb={4}>
        Forgot your password?
      </Title>
      {reset.isSuccess ? (
        <Stack gap="md" mt="md">
          <Alert color="success" variant="light" role="status" title="Check your email">
            {reset.data.message}
          </Alert>
          {backToSignIn}
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="lg">
            Enter your username and your company's account. We email you a link to choose a new password.
          </Text>
          <ContractForm form={form} aria-label="Reset password">
            <Stack gap="md">
              <FormAlert />
              <TextField name="username" label="Username" autoComplete="username" autoFocus />
              <TextField
                name="account_code"
                label="Account"
                autoComplete="organization"
                description="The account slug from your sign-in link (…/login?account_slug=acme), or your company's account code"
              />
              <Button type="submit" fullWidth loading={reset.isPending} mt="xs">
                Email me a link
              </Button>
              {backToSignIn}
            </Stack>
          </ContractForm>
        </>
      )}
    </Paper>
  );
}
