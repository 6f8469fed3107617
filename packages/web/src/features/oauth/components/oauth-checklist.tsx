import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { Checkbox, Stack, Text } from '@mantine/core';

export interface ChecklistOption {
  value: string;
  label: string;
  description?: string;
}

interface OAuthChecklistProps {
  label: string;
  description?: string;
  options: readonly ChecklistOption[];
  value: readonly string[];
  onChange: (values: string[]) => void;
  error?: string | undefined;
  /** Shown instead of the boxes when there is nothing to choose yet. */
  emptyText?: string;
}

/** A required several-of choice as checkboxes: an OAuth client's grant types, or the scopes drawn from its owner's permissions. */
export function OAuthChecklist({ label, description, options, value, onChange, error, emptyText }: OAuthChecklistProps) {
  return (
    <Checkbox.Group label={label} withAsterisk description={description} value={[...value]} onChange={onChange} error={error}>
      <Stack gap="xs" mt="xs">
        {options.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          options.map((option) => <Checkbox key={option.value} value={option.value} label={option.label} description={option.description} />)
        )}
      </Stack>
    </Checkbox.Group>
  );
}
