import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import type { HostKey } from '@keydeck/contract/transfer';
import { useContractForm } from '../../../lib/use-contract-form';
import { CheckboxField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { endpointOf, hostKeyRef, useTrustHostKey } from '../api/host-keys.api';
import { transferFormErrors } from '../api/transfer-forms';
import { RowRefused } from '../api/transfer-servers.api';
import { Fingerprint, hostKeyFile } from './transfer-cells';

/** As people copy a fingerprint: with or without 'SHA256:', with base64 padding, with spaces around it. */
export const sameFingerprint = (entered: string, fingerprint: string) => {
  const bare = (text: string) => text.trim().replace(/^SHA256:/i, '').replace(/=+$/, '');
  return bare(entered) === bare(fingerprint);
};

const trustSchema = (fingerprint: string) =>
  z
    .object({
      /** Optional: the fingerprint the administrator gave, pasted to compare it here. */
      given: z.string(),
      compared: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (values.given.trim() !== '' && !sameFingerprint(values.given, fingerprint)) {
        ctx.addIssue({ code: 'custom', path: ['given'], message: 'This is not the fingerprint the server presented. Do not trust the key: ask the server’s administrator.' });
      }
      if (!values.compared) ctx.addIssue({ code: 'custom', path: ['compared'], message: 'Compare the fingerprints first' });
    });
type TrustValues = z.output<ReturnType<typeof trustSchema>>;

interface TrustHostKeyModalProps {
  serviceId: string;
  /** The pending key to confirm; null while closed. */
  hostKey: HostKey | null;
  onClose: () => void;
}

/**
 * Confirms a pending SSH host key: the operator compares its SHA-256 fingerprint with the one the server's administrator
 * gives them before Keydeck sends anything there. A key that replaces a trusted one is shown beside the old one, with
 * what a change may mean. The fingerprint sent is the one shown, so the server trusts exactly the key compared.
 */
export function TrustHostKeyModal({ serviceId, hostKey, onClose }: TrustHostKeyModalProps) {
  const trust = useTrustHostKey(serviceId);
  const changed = Boolean(hostKey?.replaces);
  return (
    <FormModal
      opened={hostKey !== null}
      onClose={onClose}
      title={hostKey ? `${changed ? 'New host key' : 'Host key'} of ${endpointOf(hostKey)}` : ''}
      mutations={[trust]}
      onSubmit={async () => {
        const result = await trust.mutateAsync(hostKeyRef(hostKey!));
        if (!result.success) throw new RowRefused(result.message);
        return result.message;
      }}
    >
      {(slot) => <TrustHostKeyForm hostKey={hostKey!} {...slot} />}
    </FormModal>
  );
}

function TrustHostKeyForm({ hostKey, onSubmit, pending, actions }: { hostKey: HostKey } & FormModalSlot<TrustValues>) {
  const defaultValues = { given: '', compared: false };
  const form = useContractForm({ schema: trustSchema(hostKey.fingerprint), defaultValues, onSubmit, errorView: transferFormErrors(Object.keys(defaultValues)) });
  const given = form.watch('given');
  const compared = form.watch('compared');
  const endpoint = endpointOf(hostKey);
  const changed = hostKey.replaces !== null;
  const matches = given.trim() !== '' && sameFingerprint(given, hostKey.fingerprint);

  return (
    <ContractForm form={form} aria-label={changed ? 'Trust the new host key' : 'Trust the host key'}>
      <Stack gap="md">
        <FormAlert />
        {changed ? (
          <Alert color="error" variant="light" title="The server presents a different key than the trusted one">
            <Text size="sm">
              Transfers to {endpoint} are stopped. A server&apos;s key changes when it is reinstalled or its keys are replaced, but also when someone
              intercepts the connection. Trust the new key only once the server&apos;s administrator confirms they changed it.
            </Text>
          </Alert>
        ) : (
          <Text size="sm">
            Keydeck sends nothing to {endpoint} until you confirm that this key is the server&apos;s own. Compare its fingerprint with the one the
            server&apos;s administrator gives you, character by character.
          </Text>
        )}
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            {changed ? (
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Trusted until now
                </Text>
                <Fingerprint value={hostKey.replaces!} size="sm" />
              </div>
            ) : null}
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {changed ? 'Presented now (SHA-256)' : 'SHA-256 fingerprint'}
              </Text>
              <div data-testid="host-key-fingerprint">
                <Fingerprint value={hostKey.fingerprint} size="md" strong />
              </div>
            </div>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Key type
                </Text>
                <Text size="sm" ff="monospace">
                  {hostKey.key_type}
                </Text>
              </div>
              {hostKey.servers.length > 0 ? (
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    Used by
                  </Text>
                  <Text size="sm">{hostKey.servers.join(', ')}</Text>
                </div>
              ) : null}
            </SimpleGrid>
          </Stack>
        </Paper>
        <Stack gap={4}>
          <Text size="sm">
            Ask the server&apos;s administrator for its fingerprint. On an OpenSSH server they print it with:
          </Text>
          <Code block>{`ssh-keygen -lf ${hostKeyFile(hostKey.key_type)}`}</Code>
        </Stack>
        <TextField
          name="given"
          label="Fingerprint from the administrator"
          description="Optional: paste it to compare it here"
          placeholder="SHA256:…"
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
        {matches ? (
          <Text size="sm" c="var(--mantine-color-success-light-color)" fw={600} role="status">
            The fingerprints match.
          </Text>
        ) : null}
        <CheckboxField name="compared" label="I compared the fingerprint with the one the server’s administrator gave me, and they are the same" />
        <Group justify="flex-end" gap="sm" mt="xs">
          {actions}
          <Button type="submit" color={changed ? 'error' : undefined} loading={pending} disabled={!compared}>
            {changed ? 'Trust the new key' : 'Trust this key'}
          </Button>
        </Group>
      </Stack>
    </ContractForm>
  );
}
