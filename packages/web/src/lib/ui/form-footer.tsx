import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';

interface FormFooterProps {
  /** Buttons beside submit (Cancel in a modal). */
  actions?: ReactNode;
  /** A modal's Cancel, where the form is not in a FormModal (which passes its own as `actions`). */
  onCancel?: () => void;
  submitLabel: string;
  pending: boolean;
  /** Nothing to submit yet (an empty choice). */
  disabled?: boolean;
  /** A form shown read-only has nothing to submit. */
  readOnly?: boolean;
}

/** The row that ends every form: other actions, then submit. */
export function FormFooter({ actions, onCancel, submitLabel, pending, disabled = false, readOnly = false }: FormFooterProps) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      {actions}
      {onCancel ? (
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      {readOnly ? null : (
        <Button type="submit" loading={pending} disabled={disabled}>
          {submitLabel}
        </Button>
      )}
    </Group>
  );
}
