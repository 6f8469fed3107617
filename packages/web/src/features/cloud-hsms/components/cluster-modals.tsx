import { z } from 'zod';
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { clusterCreateBody, type Cluster } from '@keydeck/contract/cloud-hsms';
import { useContractForm } from '../../../lib/use-contract-form';
import { SelectField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import type { ServiceRef } from '../api/cloud-hsms.api';
import { clusterMembersQueryOptions, useAddClusterMember, useCreateCluster } from '../api/clusters.api';

type CreateValues = z.output<typeof clusterCreateBody>;

/** A new, empty cluster; its cluster key is made on the server and never leaves it unsealed. */
export function CreateClusterModal({ service, opened, onClose }: { service: ServiceRef; opened: boolean; onClose: () => void }) {
  const create = useCreateCluster(service);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Create a cluster"
      mutations={[create]}
      onSubmit={async ({ name }: CreateValues) => {
        const cluster = await create.mutateAsync(name);
        return `Cluster ${cluster.name} created. Add cloud HSMs to it.`;
      }}
    >
      {(slot) => <CreateForm {...slot} />}
    </FormModal>
  );
}

function CreateForm({ onSubmit, pending, actions }: FormModalSlot<CreateValues>) {
  const form = useContractForm({ schema: clusterCreateBody, defaultValues: { name: '' }, statuses: [400, 409], onSubmit });
  return (
    <ContractForm form={form} aria-label="Create a cluster">
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk data-autofocus maxLength={100} autoComplete="off" />
        <FormFooter actions={actions} submitLabel="Create cluster" pending={pending} />
      </Stack>
    </ContractForm>
  );
}

const addForm = z.object({ hsm_id: z.string().uuid('Choose a cloud HSM') });
type AddValues = z.output<typeof addForm>;

/** Adds one of the account's Enabled cloud HSMs that is in no cluster; a sync then brings it in step. */
export function AddMemberModal({ cluster, onClose }: { cluster: Cluster | null; onClose: () => void }) {
  const add = useAddClusterMember(cluster?.id ?? '');
  const members = useQuery({ ...clusterMembersQueryOptions(cluster?.id ?? ''), enabled: cluster !== null });
  return (
    <FormModal
      opened={cluster !== null}
      onClose={onClose}
      title={cluster ? `Add a member to ${cluster.name}` : ''}
      mutations={[add]}
      onSubmit={async ({ hsm_id }: AddValues) => {
        await add.mutateAsync(hsm_id);
        const name = members.data?.candidates.find((candidate) => candidate.id === hsm_id)?.name ?? 'The cloud HSM';
        return `${name} joins ${cluster?.name}. Its keys are being brought in step.`;
      }}
    >
      {(slot) =>
        !members.data ? (
          <Text size="sm" c="dimmed" role="status">
            {members.isError ? 'The cloud HSMs could not be loaded.' : 'Loading your cloud HSMs…'}
          </Text>
        ) : members.data.candidates.length === 0 ? (
          <Alert color="info" variant="light" title="No cloud HSM is free to join">
            Only enabled cloud HSMs of your account that are in no cluster can join. Request one in a Cloud HSMs service, or remove one
            from its cluster first.
          </Alert>
        ) : (
          <AddForm candidates={members.data.candidates} {...slot} />
        )
      }
    </FormModal>
  );
}

function AddForm({ candidates, onSubmit, pending, actions }: FormModalSlot<AddValues> & { candidates: { id: string; name: string; address: string | null }[] }) {
  const form = useContractForm({ schema: addForm, defaultValues: { hsm_id: candidates.length === 1 ? candidates[0]!.id : '' }, statuses: [400, 409], onSubmit });
  return (
    <ContractForm form={form} aria-label="Add a member">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The new member receives every secret key the cluster holds, and the others receive its keys, each wrapped under the cluster key.
        </Text>
        <FormAlert />
        <SelectField
          name="hsm_id"
          label="Cloud HSM"
          placeholder="Choose a cloud HSM"
          withAsterisk
          searchable
          allowDeselect={false}
          data-autofocus
          data={candidates.map((candidate) => ({ value: candidate.id, label: candidate.address ? `${candidate.name} (${candidate.address})` : candidate.name }))}
        />
        <FormFooter actions={actions} submitLabel="Add member" pending={pending} />
      </Stack>
    </ContractForm>
  );
}
