import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';

interface FormFooterProps {
  /** Buttons beside submit (Cancel in a modal). */
  actions?: ReactNode;
  submitLabel: string;
  pending: boolean;
  /** Nothing to submit yet (an empty choice). */
  disabled?: boolean;
  /** A form shown read-only has nothing to submit. */
  readOnly?: boolean;
}

/** The row that ends every form: other actions, then submit. */
export function FormFooter({ actions, submitLabel, pending, disabled = false, readOnly = false }: FormFooterProps) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      {actions}
      {readOnly ? null : (
        <Button type="submit" loading={pending} disabled={disabled}>
          {submitLabel}
        </Button>
      )}
    </Group>
  );
}
