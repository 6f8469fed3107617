import '@mantine/core/styles/Tooltip.css';
import { Button, Group, Tooltip } from '@mantine/core';

interface RowActionsProps {
  /** What the buttons' accessible names say: "Edit fra1", "Delete fra1". */
  name: string;
  onEdit?: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** Why the row cannot be deleted now (the delete button is disabled with this as its tooltip). */
  cannotDelete?: string | null;
  /** The delete button's word: Delete, or Remove for what leaves a whole (a pool of a zone). */
  deleteLabel?: string;
}

/**
 * Edit and Delete at the end of a row. A row that cannot go keeps a focusable, inert Delete (aria-disabled rather
 * than disabled) whose tooltip says why, for keyboard and pointer users alike.
 */
export function RowActions({ name, onEdit, onDelete, deleting, cannotDelete, deleteLabel = 'Delete' }: RowActionsProps) {
  const blocked = Boolean(cannotDelete);
  const remove = (
    <Button
      size="xs"
      variant="subtle"
      color="error"
      aria-label={`${deleteLabel} ${name}`}
      loading={deleting}
      data-disabled={blocked || undefined}
      aria-disabled={blocked || undefined}
      onClick={(event) => (blocked ? event.preventDefault() : onDelete())}
    >
      {deleteLabel}
    </Button>
  );
  return (
    <Group gap={4} wrap="nowrap">
      {onEdit ? (
        <Button size="xs" variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      {cannotDelete ? (
        <Tooltip label={cannotDelete} withArrow multiline maw={260}>
          {remove}
        </Tooltip>
      ) : (
        remove
      )}
    </Group>
  );
}
