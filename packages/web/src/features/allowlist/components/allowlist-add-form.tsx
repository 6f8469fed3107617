import { Button, Group } from '@mantine/core';
import { z } from 'zod';
import { ipRange } from '@keydeck/contract/allowlist';
import { Permission } from '@keydeck/contract/permissions';
import { Can, useCan } from '../../../lib/can';
import { formErrorView } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toasts';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { TextField } from '../../../lib/ui/text-fields';
import { useAllowlistChange } from '../api/allowlist.api';

const FIELDS = ['ip_address'] as const;

/** The form has one field: every refusal of the address shows under it. */
function refusalView(error: unknown) {
  const view = formErrorView(error, FIELDS);
  return view && { fields: { ip_address: view.fields.ip_address ?? view.message ?? undefined }, message: null };
}

/** One address or CIDR range, checked with the contract's ipRange before it is sent. */
export function AllowlistAddForm({ accountId }: { accountId: string | undefined }) {
  const add = useAllowlistChange(accountId, 'POST');
  const allowed = useCan(Permission.allowlistManage);
  const form = useContractForm({
    schema: z.object({ ip_address: ipRange }),
    defaultValues: { ip_address: '' },
    errorView: refusalView,
    onSubmit: async ({ ip_address }) => {
      if (!allowed) return;
      // No list: the user did not confirm a change that would leave their own address outside.
      if (!(await add.mutateAsync(ip_address))) return;
      form.reset();
      showToast({ color: 'success', message: `${ip_address} added to the IP allowlist.` });
    },
  });

  return (
    <ContractForm form={form} aria-label="Add to the IP allowlist">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextField
          name="ip_address"
          label="IP address or range"
          placeholder="203.0.113.0/24"
          disabled={!allowed}
          w={{ base: '100%', xs: 320 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Can permission={Permission.allowlistManage} mode="disable">
          <Button type="submit" loading={add.isPending} mt={{ base: 0, xs: 25 }}>
            Add
          </Button>
        </Can>
      </Group>
    </ContractForm>
  );
}
