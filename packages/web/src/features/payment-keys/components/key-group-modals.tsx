import { Radio, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { Messages } from '@keydeck/contract/messages';
import { KEY_RETRIEVAL_ALGORITHM_CODES, KEY_RETRIEVAL_ALGORITHMS, keyGroupName, type BatchResult, type KeyRetrievalAlgorithm } from '@keydeck/contract/payment-keys';
import { isPendingApproval, pendingText } from '../../../lib/approvals';
import { useContractForm } from '../../../lib/use-contract-form';
import { RadioGroupField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { useChangeKeyRetrieval, useCreateKeyGroup } from '../api/key-groups.api';
import { RETRIEVAL_SHORT } from './key-cells';

const newGroup = z.object({ name: keyGroupName });
type NewGroup = z.output<typeof newGroup>;
// The server names a refused field by its place in the batch: groups.0.name.
const GROUP_PREFIX = /^groups\.\d+\./;

export function CreateKeyGroupModal({ serviceId, opened, onClose }: { serviceId: string; opened: boolean; onClose: () => void }) {
  const create = useCreateKeyGroup(serviceId);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="New key group"
      mutations={[create]}
      onSubmit={async ({ name }: NewGroup) => {
        await create.mutateAsync(name);
        return Messages.keyGroupCreated(name);
      }}
    >
      {(slot) => <CreateKeyGroupForm {...slot} />}
    </FormModal>
  );
}

function CreateKeyGroupForm({ onSubmit, pending, actions }: FormModalSlot<NewGroup>) {
  const form = useContractForm({ schema: newGroup, defaultValues: { name: '' }, batchPrefix: GROUP_PREFIX, onSubmit });
  return (
    <ContractForm form={form} aria-label="New key group">
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk data-autofocus autoComplete="off" />
        <Text size="sm" c="dimmed">
          A new group hands out a static key. Switch it to DUKPT once it holds an active base derivation key (usage B0).
        </Text>
        <FormFooter submitLabel="Create group" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}

const retrieval = z.object({ key_retrieval_algorithm: z.enum(KEY_RETRIEVAL_ALGORITHM_CODES, 'Choose a key retrieval algorithm') });
type Retrieval = z.output<typeof retrieval>;

interface ChangeRetrievalModalProps {
  serviceId: string;
  /** The groups to change, with their current algorithm; null while closed. */
  groups: { name: string; key_retrieval_algorithm: KeyRetrievalAlgorithm }[] | null;
  onClose: () => void;
  onChanged: (results: BatchResult[]) => void;
}

/** How the devices of these key groups get their keys: one static key, or a DUKPT initial key per device. */
export function ChangeRetrievalModal({ serviceId, groups, onClose, onChanged }: ChangeRetrievalModalProps) {
  const change = useChangeKeyRetrieval(serviceId);
  const names = (groups ?? []).map((group) => group.name);
  const current = groups?.length === 1 ? groups[0]!.key_retrieval_algorithm : undefined;
  return (
    <FormModal
      opened={groups !== null}
      onClose={onClose}
      title={names.length === 1 ? `Key retrieval algorithm of ${names[0]}` : `Key retrieval algorithm of ${names.length} key groups`}
      mutations={[change]}
      onSubmit={async ({ key_retrieval_algorithm }: Retrieval) => {
        const answer = await change.mutateAsync({ groups: names, algorithm: key_retrieval_algorithm });
        if (isPendingApproval(answer)) return pendingText(answer);
        onChanged(answer.results);
        return undefined;
      }}
    >
      {(slot) => <ChangeRetrievalForm names={names} current={current} {...slot} />}
    </FormModal>
  );
}

function ChangeRetrievalForm({ names, current, onSubmit, pending, actions }: { names: string[]; current: KeyRetrievalAlgorithm | undefined } & FormModalSlot<Retrieval>) {
  const form = useContractForm({ schema: retrieval, defaultValues: { key_retrieval_algorithm: current }, batchPrefix: GROUP_PREFIX, onSubmit });
  return (
    <ContractForm form={form} aria-label="Change key retrieval algorithm">
      <Stack gap="md">
        <FormAlert />
        {names.length > 1 ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {names.join(', ')}
          </Text>
        ) : null}
        <RadioGroupField name="key_retrieval_algorithm" label="Key retrieval algorithm" withAsterisk>
          <Stack gap="sm" mt="xs">
            {KEY_RETRIEVAL_ALGORITHM_CODES.map((code) => (
              <Radio key={code} value={code} label={RETRIEVAL_SHORT[code]} description={KEY_RETRIEVAL_ALGORITHMS[code]} />
            ))}
          </Stack>
        </RadioGroupField>
        <Text size="sm" c="dimmed">
          Devices loading keys afterwards get keys the new way; keys already in devices stay as they are.
        </Text>
        <FormFooter submitLabel="Change" pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}
