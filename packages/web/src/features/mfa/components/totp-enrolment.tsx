import '@mantine/core/styles/Image.css';
import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { totpConfirmRequest } from '@keydeck/contract/mfa';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-fields';
import { useBeginTotpEnrolment, useConfirmTotpEnrolment } from '../api/mfa.api';

/** The secret in groups of four, as apps that take it typed show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(' ');

interface TotpEnrolmentProps {
  /** Called with the ten recovery codes once the first code has turned the factor on. */
  onEnabled: (recoveryCodes: string[]) => void;
}

/**
 * Enrolling an authenticator app: the server makes a secret and its QR code (rendered server-side, so no QR
 * library ships to the browser); the user scans it, or types the secret, and confirms with a first code.
 * Used by the settings screen and by the forced set-up page.
 */
export function TotpEnrolment({ onEnabled }: TotpEnrolmentProps) {
  const begin = useBeginTotpEnrolment();
  const confirm = useConfirmTotpEnrolment();
  const started = useRef(false);
  const form = useContractForm({
    schema: totpConfirmRequest,
    defaultValues: { otp: '' },
    onSubmit: async ({ otp }) => onEnabled((await confirm.mutateAsync(otp)).recovery_codes),
  });

  useEffect(() => {
    // Once per mount: a second start would replace the secret the user may already have scanned.
    if (started.current) return;
    started.current = true;
    begin.mutate();
  }, [begin]);

  if (begin.isError) {
    return (
      <Alert color="error" variant="light" role="alert">
        The set-up could not start. <Button variant="subtle" size="compact-sm" onClick={() => begin.mutate()}>Try again</Button>
      </Alert>
    );
  }
  const enrolment = begin.data;
  if (!enrolment) {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">Preparing your secret…</Text>
      </Group>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        1. Scan this QR code with your authenticator app (for example Google Authenticator, Microsoft Authenticator,
        1Password or FreeOTP).
      </Text>
      <Image src={enrolment.qr_code} alt="QR code to add Keydeck to your authenticator app" w={180} h={180} radius="sm" bd="1px solid var(--mantine-color-default-border)" />
      <div>
        <Text size="sm">Or type this secret key into the app (time-based, 6 digits, 30 seconds):</Text>
        <Text ff="monospace" fw={600} size="sm" mt={4} data-testid="totp-secret" data-secret={enrolment.secret}>
          {grouped(enrolment.secret)}
        </Text>
      </div>
      <ContractForm form={form} aria-label="Confirm authenticator app">
        <Stack gap="sm" maw={320}>
          <Text size="sm">2. Enter the 6-digit code the app shows now.</Text>
          <FormAlert />
          <TextField name="otp" label="Code from the app" autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
          <Button type="submit" loading={confirm.isPending}>
            Turn on
          </Button>
        </Stack>
      </ContractForm>
    </Stack>
  );
}
