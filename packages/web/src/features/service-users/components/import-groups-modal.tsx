import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { useState, type FormEvent } from 'react';
import { Button, FileButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { z } from 'zod';
import { UiDefaults } from '@keydeck/contract/messages';
import { importedServiceUserGroup } from '@keydeck/contract/service-users';
import { showToast } from '../../../lib/toasts';
import { useFormRefusals } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
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
  return (
    <Modal opened={opened} onClose={onClose} title="Import groups" size={UiDefaults.modalWidth} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <ImportForm service={service} onClose={onClose} /> : null}
    </Modal>
  );
}

function ImportForm({ service, onClose }: { service: ServiceRef; onClose: () => void }) {
  const create = useCreateGroups(service);
  const [text, setText] = useState('');
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({
    fields: ['groups'] as const,
    onSubmit: async ({ groups }: { groups: Imported }) => {
      await create.mutateAsync({ action: 'import', groups });
      showToast({ color: 'success', message: `${groups.length} group${groups.length === 1 ? '' : 's'} imported.` });
      onClose();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => send(event, () => importText.safeParse({ groups: text }));

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Import groups">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Paste the JSON of an export, or choose its file. Existing group names are refused; parents may be existing groups or
          groups of the import.
        </Text>
        <FormAlert message={message} />
        <Textarea
          label="Groups (JSON)"
          data-autofocus
          autosize
          minRows={6}
          maxRows={14}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          value={text}
          error={errors.groups}
          onChange={(event) => {
            setText(event.currentTarget.value);
            clear('groups');
          }}
        />
        <Group justify="space-between">
          <FileButton accept="application/json,.json" onChange={(file) => void file?.text().then(setText)}>
            {(props) => (
              <Button variant="default" {...props}>
                Choose a file
              </Button>
            )}
          </FileButton>
          <FormFooter
            submitLabel="Import"
            pending={create.isPending}
            actions={
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
            }
          />
        </Group>
      </Stack>
    </form>
  );
}
