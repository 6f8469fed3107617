import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { importedServiceUserGroup } from '@keydeck/contract/service-users';
import { useContractForm } from '../../../lib/use-contract-form';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { useCreateGroups, type ServiceRef } from '../api/service-users.api';

/** An export is the list of groups; {groups: [...]} (the GET answer itself) is taken too. */
const importFile = z
  .union([z.array(importedServiceUserGroup), z.object({ groups: z.array(importedServiceUserGroup) }).transform((f) => f.groups)])
  .pipe(z.array(importedServiceUserGroup).min(1, 'The list has no groups.'));
type Imported = z.output<typeof importFile>;

/** The pasted text as groups, or one error for the text field that says where the problem is. */
const importText = z.object({
  groups: z.string().transform((text, ctx): Imported => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'This is not valid JSON.' });
      return z.NEVER;
    }
    const parsed = importFile.safeParse(json);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    ctx.addIssue({ code: 'custom', message: issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : 'Expected a list of groups as exported.' });
    return z.NEVER;
  }),
});

/** Imports groups exported from this or another service: all of them or, when one is refused, none. */
export function ImportGroupsModal({ service, opened, onClose }: { service: ServiceRef; opened: boolean; onClose: () => void }) {
  const create = useCreateGroups(service);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Import groups"
      mutations={[create]}
      onSubmit={async ({ groups }: { groups: Imported }) => {
        await create.mutateAsync({ action: 'import', groups });
        return `${groups.length} group${groups.length === 1 ? '' : 's'} imported.`;
      }}
    >
      {(form) => <ImportForm {...form} />}
    </FormModal>
  );
}

function ImportForm({ onSubmit, pending, actions }: FormModalSlot<{ groups: Imported }>) {
  const form = useContractForm({ schema: importText, defaultValues: { groups: '' }, onSubmit });

  return (
    <ContractForm form={form} aria-label="Import groups">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Paste the JSON of an export, or choose its file. Existing group names are refused; parents may be existing groups or
          groups of the import.
        </Text>
        <FormAlert />
        <TextareaField
          name="groups"
          label="Groups (JSON)"
          data-autofocus
          autosize
          minRows={6}
          maxRows={14}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
        <Group justify="space-between">
          <FileButton accept="application/json,.json" onChange={(file) => void file?.text().then((text) => form.setValue('groups', text))}>
            {(props) => (
              <Button variant="default" {...props}>
                Choose a file
              </Button>
            )}
          </FileButton>
          <FormFooter submitLabel="Import" pending={pending} actions={actions} />
        </Group>
      </Stack>
    </ContractForm>
  );
}
