import '@mantine/core/styles/Anchor.css';
import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { AuthInfo } from '@keydeck/contract/auth';
import { Messages } from '@keydeck/contract/messages';
import { ApiError } from '../../../lib/api-error';
import { continueTargetOrHome } from '../../../lib/continue-url';
import { sessionKeys } from '../../../lib/session';
import { showToast } from '../../../lib/toasts';
import { beginU2f, completeU2f } from '../api/second-factor.api';
import { answerU2fRequest } from '../components/u2f-assertion';
import { TotpStepForm } from '../components/totp-step-form';

const route = getRouteApi('/login-group/login/u2f/complete');

/** The reason behind a refusal: the server's message, or what the browser said about the key. */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown } | null;
    return typeof body?.message === 'string' ? body.message : error.message;
  }
  // The browser's own texts for these two are long and technical.
  if (error instanceof DOMException && error.name === 'NotAllowedError') return 'The security key did not answer or the request was cancelled.';
  if (error instanceof DOMException && error.name === 'SecurityError') return 'This address cannot use security keys; open the console by its host name.';
  return error instanceof Error ? error.message : String(error);
}

/** The security-key step of sign-in: the password was right, a touch of a registered key is still owed. */
export function U2fCompletePage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const started = useRef(false);

  const completed = (session: AuthInfo) => {
    queryClient.setQueryData(sessionKeys.all, session);
    if (session.fully_logged_in) void navigate({ href: continueTargetOrHome(search.continue) });
  };

  const askKey = async () => {
    setPending(true);
    try {
      completed(await completeU2f(await answerU2fRequest(await beginU2f())));
    } catch (error) {
      showToast({ color: 'error', message: Messages.u2fLoginFailed(reasonOf(error)) });
      // After too many failures the server ends the partial session: the route guard then returns to /login.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    } finally {
      setPending(false);
    }
  };

  useEffect(() => {
    // Once per visit: the browser's prompt opens by itself; "Use security key" asks again.
    if (started.current) return;
    started.current = true;
    void askKey();
  });

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Title order={1} fz="h3" mb={4}>
        Two-step verification
      </Title>
      {useRecoveryCode ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Enter one of the recovery codes you saved when you set up your second factor.
          </Text>
          <TotpStepForm onCompleted={completed} recoveryOnly />
          <Anchor component="button" type="button" size="sm" onClick={() => setUseRecoveryCode(false)} style={{ alignSelf: 'center' }}>
            Use your security key instead
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Your password was right. Now insert or hold your security key near the device and touch it when it blinks.
          </Text>
          <Button fullWidth loading={pending} onClick={() => void askKey()}>
            Use security key
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => setUseRecoveryCode(true)} style={{ alignSelf: 'center' }}>
            Use a recovery code instead
          </Anchor>
        </Stack>
      )}
    </Paper>
  );
}
