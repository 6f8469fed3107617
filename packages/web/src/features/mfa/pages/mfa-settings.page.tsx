import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/datetime';
import { showToast } from '../../../lib/toasts';
import { mfaStatusQueryOptions, useDisableTotp, useRegenerateRecoveryCodes } from '../api/mfa.api';
import { securityKeysQueryOptions } from '../api/security-keys.api';
import { PasswordConfirmModal } from '../components/password-confirm-modal';
import { RecoveryCodesView } from '../components/recovery-codes-view';
import { SecurityKeysCard } from '../components/security-keys-card';
import { TotpEnrolment } from '../components/totp-enrolment';

type Dialog = 'disable' | 'regenerate' | null;

/**
 * Settings › Sign-in & MFA: the signed-in user's own authenticator app, security keys and recovery codes; `children`
 * are the page's further sections, which other features own (composed in app/pages).
 */
export function MfaSettingsPage({ children }: { children?: ReactNode }) {
  const status = useQuery(mfaStatusQueryOptions);
  const securityKeys = useQuery(securityKeysQueryOptions);
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const totp = status.data?.totp;

  const enabled = (recoveryCodes: string[]) => {
    setEnrolling(false);
    setCodes(recoveryCodes);
    showToast({ color: 'success', message: 'Authenticator app turned on.' });
  };

  return (
    <Stack gap="xl" maw={760}>
      <div>
        <Title order={1} fz="h2">
          Sign-in & MFA
        </Title>
        <Text c="dimmed" mt={4}>
          A second factor keeps your account safe even if your password leaks.
        </Text>
      </div>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} fz="h4">
              Authenticator app
            </Title>
            {totp === undefined ? (
              <Skeleton height={22} width={60} />
            ) : (
              <Badge color={totp.enabled ? 'success' : 'secondary'} variant="dot" data-testid="totp-status">
                {totp.enabled ? 'On' : 'Off'}
              </Badge>
            )}
          </Group>
          {totp?.enabled ? (
            <>
              <Text size="sm">
                Turned on {totp.confirmed_at ? formatDateTime(totp.confirmed_at) : ''}. Sign-in asks for the app's code after
                your password. {status.data!.recovery_codes_remaining} of 10 recovery codes left.
              </Text>
              {codes ? <RecoveryCodesView codes={codes} /> : null}
              <Group gap="xs">
                <Button variant="default" onClick={() => setDialog('regenerate')}>
                  New recovery codes
                </Button>
                <Button color="error" variant="outline" onClick={() => setDialog('disable')}>
                  Turn off
                </Button>
              </Group>
            </>
          ) : enrolling ? (
            <TotpEnrolment onEnabled={enabled} />
          ) : totp ? (
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">
                {securityKeys.data?.length ? 'Not set up: sign-in asks for your security key.' : 'Sign-in asks only for your password.'}
              </Text>
              <Button onClick={() => setEnrolling(true)}>Set up authenticator app</Button>
            </Group>
          ) : null}
        </Stack>
      </Card>
      <SecurityKeysCard ownsRecoveryCodes={totp?.enabled === false} />
      {children}
      <PasswordConfirmModal
        opened={dialog === 'regenerate'}
        title="New recovery codes"
        description="New codes replace all your current recovery codes, used or not."
        confirmLabel="Make new codes"
        pending={regenerate.isPending}
        onClose={() => setDialog(null)}
        onConfirm={async (password) => {
          setCodes(await regenerate.mutateAsync(password));
          setDialog(null);
          showToast({ color: 'success', message: 'New recovery codes made: save them now.' });
        }}
      />
      <PasswordConfirmModal
        opened={dialog === 'disable'}
        title="Turn off the authenticator app"
        description={
          securityKeys.data?.length
            ? 'Sign-in will ask for your security key instead; your recovery codes keep working.'
            : 'Sign-in will ask only for your password, and your recovery codes stop working.'
        }
        confirmLabel="Turn off"
        color="error"
        pending={disable.isPending}
        onClose={() => setDialog(null)}
        onConfirm={async (password) => {
          await disable.mutateAsync(password);
          setDialog(null);
          setCodes(null);
          showToast({ color: 'success', message: 'Authenticator app turned off.' });
        }}
      />
    </Stack>
  );
}
