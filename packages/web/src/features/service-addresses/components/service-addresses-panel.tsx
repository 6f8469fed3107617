import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Alert, Badge, Button, Card, Code, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Messages } from '@keydeck/contract/messages';
import {
  formatRange,
  isNetworkAddress,
  MAX_SERVICE_ADDRESSES,
  networkOf,
  parseRange,
  rangeIncludes,
  serviceAddressEntry,
  type ServiceAddresses,
} from '@keydeck/contract/service-addresses';
import { formErrorView } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toasts';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-fields';
import { useContractForm } from '../../../lib/use-contract-form';
import { serviceAddressesQueryOptions, useSaveServiceAddresses } from '../api/service-addresses.api';

type Row = { ip_address: string; label: string };
const isBlank = (row: Row) => !row.ip_address.trim() && !row.label.trim();

/**
 * The contract's entries, and what the server would refuse anyway (host bits, duplicates), said before sending.
 * A row not filled in yet is no entry: never flagged as refused, and dropped when the list is saved.
 */
const addressesForm = z
  .object({ allowed_addresses: z.array(z.object({ ip_address: z.string(), label: z.string() })) })
  .superRefine(({ allowed_addresses }, ctx) => {
    const seen = new Set<string>();
    allowed_addresses.forEach((row, index) => {
      if (isBlank(row)) return;
      const entry = serviceAddressEntry.safeParse(row);
      if (!entry.success) {
        entry.error.issues.forEach((issue) => ctx.addIssue({ code: 'custom', path: ['allowed_addresses', index, ...issue.path], message: issue.message }));
        return;
      }
      const range = parseRange(row.ip_address);
      if (!range) return;
      const canonical = formatRange(range);
      const path = ['allowed_addresses', index, 'ip_address'];
      if (!isNetworkAddress(range)) ctx.addIssue({ code: 'custom', path, message: Messages.serviceAddressHostBits(canonical, formatRange(networkOf(range))) });
      else if (seen.has(canonical)) ctx.addIssue({ code: 'custom', path, message: Messages.serviceAddressDuplicate(canonical) });
      seen.add(canonical);
    });
  })
  .transform(({ allowed_addresses }) => ({ allowed_addresses: allowed_addresses.filter((row) => !isBlank(row)).map((row) => serviceAddressEntry.parse(row)) }));

/** Rows are named by position, as the server names them (allowed_addresses.2.ip_address). */
const FIELDS = [
  'allowed_addresses',
  ...Array.from({ length: MAX_SERVICE_ADDRESSES }, (_, i) => [`allowed_addresses.${i}.ip_address`, `allowed_addresses.${i}.label`]).flat(),
];

const rowsOf = (list: ServiceAddresses): Row[] => list.allowed_addresses.map((entry) => ({ ip_address: entry.ip_address, label: entry.label ?? '' }));

/**
 * A service's own allowed IP addresses: the caller's address first (so they can tell whether the list shuts
 * them out), then the list as rows to edit, saved as a whole. Without Modify it is shown read-only.
 */
export function ServiceAddressesPanel({ serviceId, canModify }: { serviceId: string; canModify: boolean }) {
  const list = useQuery(serviceAddressesQueryOptions(serviceId));
  return (
    <Stack gap="md" maw={860}>
      <div>
        <Title order={2} fz="h4">
          Allowed IP addresses
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          Only these addresses and ranges may use the service: its data API and its bearer tokens, on top of your company’s IP
          allowlist. An empty list allows every address.
        </Text>
      </div>
      {list.data ? <AddressesForm serviceId={serviceId} list={list.data} canModify={canModify} /> : <Skeleton height={160} />}
    </Stack>
  );
}

function AddressesForm({ serviceId, list, canModify }: { serviceId: string; list: ServiceAddresses; canModify: boolean }) {
  const save = useSaveServiceAddresses(serviceId);
  const form = useContractForm({
    schema: addressesForm,
    defaultValues: { allowed_addresses: rowsOf(list) },
    errorView: (error) => formErrorView(error, FIELDS),
    onSubmit: async ({ allowed_addresses }) => {
      if (!canModify) return;
      const saved = await save.mutateAsync(allowed_addresses);
      if (!saved) return; // the user kept their own address on the list
      form.reset({ allowed_addresses: rowsOf(saved) });
      showToast({ color: 'success', message: Messages.serviceAddressesSaved(saved.allowed_addresses.length) });
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'allowed_addresses' });
  const values = useWatch({ control: form.control, name: 'allowed_addresses' }) ?? [];
  const ranges = values.map((row) => row.ip_address.trim()).filter((text) => parseRange(text) !== null);
  const covered = ranges.some((range) => rangeIncludes(range, list.current_ip));
  const shutOut = ranges.length > 0 && !covered;
  const dirty = form.formState.isDirty;

  return (
    <>
      <Card withBorder padding="md" bg="var(--mantine-color-default-hover)">
        <Group gap="sm" wrap="wrap">
          <Text size="sm">
            Your current address:{' '}
            <Code fz="md" fw={700} data-testid="current-ip">
              {list.current_ip}
            </Code>
          </Text>
          <Badge variant="dot" color={shutOut ? 'error' : 'success'} data-testid="current-ip-status">
            {ranges.length === 0 ? 'Every address allowed' : covered ? 'On the list' : 'Not on the list'}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          Keep your own address on the list, or you lose access to the service as soon as it is saved.
        </Text>
      </Card>
      <ContractForm form={form} aria-label="Allowed IP addresses">
        <Stack gap="sm">
          <FormAlert />
          {rows.fields.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="no-addresses">
              No addresses: every address may use the service.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table aria-label="Allowed addresses" verticalSpacing={6} horizontalSpacing="xs" withRowBorders={false}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="48%">Address or range</Table.Th>
                    <Table.Th>Label</Table.Th>
                    {canModify ? (
                      <Table.Th w={110}>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    ) : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.fields.map((row, index) => (
                    <Table.Tr key={row.id} style={{ verticalAlign: 'top' }}>
                      <Table.Td>
                        <TextField
                          name={`allowed_addresses.${index}.ip_address`}
                          aria-label={`Address or range ${index + 1}`}
                          placeholder="203.0.113.0/24"
                          readOnly={!canModify}
                          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextField name={`allowed_addresses.${index}.label`} aria-label={`Label ${index + 1}`} placeholder="Optional" readOnly={!canModify} />
                      </Table.Td>
                      {canModify ? (
                        <Table.Td>
                          <Button
                            variant="subtle"
                            color="error"
                            fullWidth
                            aria-label={`Remove ${values[index]?.ip_address || `row ${index + 1}`}`}
                            onClick={() => rows.remove(index)}
                          >
                            Remove
                          </Button>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {shutOut && canModify ? (
            <Alert color="warning" variant="light" data-testid="shut-out-warning">
              Your address {list.current_ip} is not on this list: once saved, you can no longer use the service from here. You will be asked to confirm.
            </Alert>
          ) : null}
          {canModify ? (
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Group gap="sm">
                <Button
                  variant="default"
                  disabled={rows.fields.length >= list.max_addresses}
                  onClick={() => rows.append({ ip_address: '', label: '' }, { focusName: `allowed_addresses.${rows.fields.length}.ip_address` })}
                >
                  Add address
                </Button>
                <Button variant="subtle" disabled={covered || rows.fields.length >= list.max_addresses} onClick={() => rows.append({ ip_address: list.current_ip, label: '' })}>
                  Add my address
                </Button>
              </Group>
              <Group gap="sm">
                <Text size="sm" c="dimmed" data-testid="addresses-usage">
                  {rows.fields.length} of {list.max_addresses}
                </Text>
                <Button variant="default" disabled={!dirty} onClick={() => form.reset({ allowed_addresses: rowsOf(list) })}>
                  Discard changes
                </Button>
                <Button type="submit" loading={save.isPending} disabled={!dirty}>
                  Save
                </Button>
              </Group>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              View only: your group cannot change the allowed addresses.
            </Text>
          )}
        </Stack>
      </ContractForm>
    </>
  );
}
