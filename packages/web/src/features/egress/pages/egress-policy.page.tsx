import '@mantine/core/styles/Code.css';
import { Button, Card, Code, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ipRange } from '@keydeck/contract/allowlist';
import { z } from 'zod';
import { showToast } from '../../../lib/toasts';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { useContractForm } from '../../../lib/use-contract-form';
import { egressPolicyQueryOptions, useSetEgressPolicy } from '../api/egress.api';

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** One range a line; each checked as the contract checks it, the first bad one named. */
const egressForm = z.object({
  allowed_ranges: z.string().superRefine((text, ctx) => {
    const bad = lines(text).find((line) => !ipRange.safeParse(line).success);
    if (bad) ctx.addIssue({ code: 'custom', message: `“${bad}” is not an IPv4 or IPv6 address or range (for example 203.0.113.0/24)` });
  }),
});

/** What tenant-configured connections (syslog servers) may reach: closed ranges, and those opened despite them. */
export function EgressPolicyPage() {
  const policy = useQuery(egressPolicyQueryOptions());
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1} fz="h2">
          Egress policy
        </Title>
        <Text c="dimmed" mt={4}>
          Where connections that customers configure (syslog servers) may go. The platform’s own and private networks are closed, so that no
          customer can reach the console’s machine, its database or the cloud’s metadata service through a “test connection”.
        </Text>
      </div>
      {policy.data ? <EgressForm allowed={policy.data.allowed_ranges} /> : <Skeleton height={180} />}
      <Card withBorder padding="md">
        <Text fw={600}>Closed unless allowed above</Text>
        <Text size="sm" c="dimmed" mb="xs">
          Loopback, link-local, private, carrier-grade NAT, multicast and reserved ranges. The console’s own port and its database stay closed even
          when their address is allowed.
        </Text>
        <Group gap={6}>
          {(policy.data?.denied_by_default ?? []).map((range) => (
            <Code key={range}>{range}</Code>
          ))}
        </Group>
      </Card>
    </Stack>
  );
}

function EgressForm({ allowed }: { allowed: string[] }) {
  const save = useSetEgressPolicy();
  const form = useContractForm({
    schema: egressForm,
    defaultValues: { allowed_ranges: allowed.join('\n') },
    onSubmit: async ({ allowed_ranges }) => {
      const saved = await save.mutateAsync({ allowed_ranges: lines(allowed_ranges) });
      form.reset({ allowed_ranges: saved.allowed_ranges.join('\n') });
      showToast({ color: 'success', message: saved.allowed_ranges.length ? 'The egress policy was saved.' : 'Every closed range is closed again.' });
    },
  });
  return (
    <Card withBorder padding="md">
      <ContractForm form={form} aria-label="Egress policy">
        <Stack gap="sm">
          <FormAlert />
          <TextareaField
            name="allowed_ranges"
            label="Allowed despite the defaults"
            description="One address or range a line, e.g. a syslog collector on a private network: 10.20.0.0/16"
            autosize
            minRows={3}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </ContractForm>
    </Card>
  );
}
