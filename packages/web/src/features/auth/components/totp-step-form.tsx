import '@mantine/core/styles/Anchor.css';
import { Anchor, Button, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import type { AuthInfo } from '@keydeck/contract/auth';
import { totpCompleteRequest } from '@keydeck/contract/mfa';
import { Messages } from '@keydeck/contract/messages';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-fields';
import { useCompleteTotp } from '../api/second-factor.api';

/** Only the code of the chosen kind is checked and sent, as the user typed it. */
const stepSchema = z
  .object({ mode: z.enum(['otp', 'recovery_code']), otp: z.string(), recovery_code: z.string() })
  .transform(({ mode, ...codes }, ctx) => {
    const body = { [mode]: codes[mode] };
    const parsed = totpCompleteRequest.safeParse(body);
    if (parsed.success) return body;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });

interface TotpStepFormProps {
  onCompleted: (session: AuthInfo) => void;
  /** Only a recovery code (the security-key step offers it in place of the key). */
  recoveryOnly?: boolean;
}

/** The code after the password: from the authenticator app, or one of the recovery codes instead. */
export function TotpStepForm({ onCompleted, recoveryOnly = false }: TotpStepFormProps) {
  const complete = useCompleteTotp();
  const form = useContractForm({
    schema: stepSchema,
    defaultValues: { mode: recoveryOnly ? 'recovery_code' : 'otp', otp: '', recovery_code: '' },
    statuses: [400, 401, 403],
    onSubmit: async (body) => onCompleted((await complete.mutateAsync(body)).auth_info),
  });
  const mode = form.watch('mode');
  // After too many wrong codes the server has ended the partial session: only a new sign-in helps.
  const sessionEnded = form.formState.errors.root?.server?.message === Messages.otpTooManyFailures;

  const switchMode = () => {
    form.reset({ mode: mode === 'otp' ? 'recovery_code' : 'otp', otp: '', recovery_code: '' });
    complete.reset();
  };

  return (
    <ContractForm form={form} aria-label="Second factor">
      <Stack gap="md">
        <FormAlert>
          {sessionEnded ? (
            <>
              {' '}
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/login" />}>
                Back to sign in
              </Anchor>
            </>
          ) : null}
        </FormAlert>
        {mode === 'otp' ? (
          <TextField
            key="otp"
            name="otp"
            label="Authentication code"
            description="The 6-digit code your authenticator app shows now."
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            autoFocus
          />
        ) : (
          <TextField
            key="recovery"
            name="recovery_code"
            label="Recovery code"
            description="One of the codes you saved when you set up the app; each works once."
            autoComplete="off"
            autoFocus
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
    </ContractForm>
  );
}
