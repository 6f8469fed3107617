import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Input.css';
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AuthInfo } from '@keydeck/contract/auth';
import { totpCompleteRequest } from '@keydeck/contract/mfa';
import { Messages } from '@keydeck/contract/messages';
import { fieldErrorsFromIssues, formErrorView } from '../../../lib/form-errors';
import { useCompleteTotp } from '../../mfa/api/mfa.api';

type Mode = 'otp' | 'recovery_code';
const FIELDS = ['otp', 'recovery_code'] as const;

interface TotpStepFormProps {
  onCompleted: (session: AuthInfo) => void;
  /** Only a recovery code (the security-key step offers it in place of the key). */
  recoveryOnly?: boolean;
}

/** The code after the password: from the authenticator app, or one of the recovery codes instead. */
export function TotpStepForm({ onCompleted, recoveryOnly = false }: TotpStepFormProps) {
  const complete = useCompleteTotp();
  const [mode, setMode] = useState<Mode>(recoveryOnly ? 'recovery_code' : 'otp');
  const [value, setValue] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const server = formErrorView(complete.error, FIELDS, undefined, [400, 401, 403]);
  const fieldError = localError ?? server?.fields[mode];
  // After too many wrong codes the server has ended the partial session: only a new sign-in helps.
  const sessionEnded = server?.message === Messages.otpTooManyFailures;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = totpCompleteRequest.safeParse({ [mode]: value });
    if (!parsed.success) {
      setLocalError(fieldErrorsFromIssues(parsed.error, FIELDS)[mode]);
      return;
    }
    complete.mutate({ [mode]: value }, { onSuccess: ({ auth_info }) => onCompleted(auth_info) });
  };

  const switchMode = () => {
    setMode(mode === 'otp' ? 'recovery_code' : 'otp');
    setValue('');
    setLocalError(undefined);
    complete.reset();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Second factor">
      <Stack gap="md">
        {server?.message ? (
          <Alert color="error" variant="light" role="alert">
            {server.message}
            {sessionEnded ? (
              <>
                {' '}
                <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/login" />}>
                  Back to sign in
                </Anchor>
              </>
            ) : null}
          </Alert>
        ) : null}
        {mode === 'otp' ? (
          <TextInput
            key="otp"
            label="Authentication code"
            description="The 6-digit code your authenticator app shows now."
            name="otp"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            autoFocus
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setLocalError(undefined);
            }}
            error={fieldError}
          />
        ) : (
          <TextInput
            key="recovery"
            label="Recovery code"
            description="One of the codes you saved when you set up the app; each works once."
            name="recovery_code"
            autoComplete="off"
            autoFocus
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setLocalError(undefined);
            }}
            error={fieldError}
          />
        )}
        <Button type="submit" fullWidth loading={complete.isPending} disabled={sessionEnded}>
          Verify
        </Button>
        {recoveryOnly ? null : (
          <Anchor component="button" type="button" size="sm" onClick={switchMode} style={{ alignSelf: 'center' }}>
            {mode === 'otp' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
