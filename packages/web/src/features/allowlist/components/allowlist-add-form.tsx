import '@mantine/core/styles/Input.css';
import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { ipRange } from '@keydeck/contract/allowlist';
import { Permission } from '@keydeck/contract/permissions';
import { Can, useCan } from '../../../lib/can';
import { formErrorView } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toasts';
import { useAllowlistChange } from '../api/allowlist.api';

const LABEL = 'IP address or range';

/** One address or CIDR range, checked with the contract's ipRange before it is sent. */
export function AllowlistAddForm({ accountId }: { accountId: string | undefined }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useAllowlistChange(accountId, 'POST');
  const allowed = useCan(Permission.allowlistManage);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!allowed) return;
    const parsed = ipRange.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: (list) => {
        if (!list) return;
        setValue('');
        showToast({ color: 'success', message: `${parsed.data} added to the IP allowlist.` });
      },
      onError: (failure) => {
        const view = formErrorView(failure, ['ip_address'] as const, undefined, [400]);
        if (view) setError(view.fields.ip_address ?? view.message ?? undefined);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add to the IP allowlist">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={LABEL}
          placeholder="203.0.113.0/24"
          value={value}
          error={error}
          disabled={!allowed}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          w={{ base: '100%', xs: 320 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Can permission={Permission.allowlistManage} mode="disable">
          <Button type="submit" loading={add.isPending} mt={{ base: 0, xs: 25 }}>
            Add
          </Button>
        </Can>
      </Group>
    </form>
  );
}
