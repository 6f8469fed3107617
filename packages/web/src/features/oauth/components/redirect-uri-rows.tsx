import { ActionIcon, Button, Group, Input, Stack } from '@mantine/core';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { TextField } from '../../../lib/ui/text-fields';

const NAME = 'redirect_uris';

/**
 * The client's redirect URIs, one row each (exact match, so each is whole; a public client's loopback ones on any port,
 * RFC 8252 §7.3: oauth.adapter.ts). The list's own refusal (authorization
 * code without one) shows under the rows; a malformed address shows on its row.
 */
export function RedirectUriRows() {
  const { setValue, getValues } = useFormContext<{ redirect_uris: string[] }>();
  const rows = useWatch<{ redirect_uris: string[] }, typeof NAME>({ name: NAME }) ?? [];
  const { errors } = useFormState<{ redirect_uris: string[] }>({ name: NAME });
  const listError = errors.redirect_uris?.message ?? errors.redirect_uris?.root?.message;
  const remove = (index: number) => setValue(NAME, getValues(NAME).filter((_, at) => at !== index), { shouldDirty: true });

  return (
    <Input.Wrapper
      label="Redirect URIs"
      description="Where the authorization server may send the user back, matched exactly: https://, or http:// on localhost or 127.0.0.1. A public client's http:// address there matches any port, for desktop and command-line apps."
      error={listError}
    >
      <Stack gap="xs" mt="xs">
        {rows.map((_, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextField name={`${NAME}.${index}`} aria-label={`Redirect URI ${index + 1}`} placeholder="https://app.example.com/callback" style={{ flex: 1 }} />
            <ActionIcon variant="subtle" color="error" size="lg" aria-label={`Remove redirect URI ${index + 1}`} onClick={() => remove(index)}>
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" onClick={() => setValue(NAME, [...getValues(NAME), ''], { shouldDirty: true })} disabled={rows.length >= 20}>
            Add redirect URI
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
