import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Stack, type CheckboxGroupProps } from '@mantine/core';
import { useField, type Bound } from '../../../lib/ui/use-field';

type CheckGroupFieldProps = Bound<Omit<CheckboxGroupProps, 'children'>, string[]> & {
  options: readonly { value: string; label: string }[];
  /** Always chosen: shown checked and not to be unchecked. */
  locked?: readonly string[];
};

/** Several choices of a form field (a list of values) as a group of checkboxes, bound to a ContractForm field by name. */
export function CheckGroupField({ name, onChange, options, locked = [], ...props }: CheckGroupFieldProps) {
  const { value, set, ref, onBlur, ...field } = useField<string[]>(name, onChange);
  return (
    <Checkbox.Group {...props} {...field} ref={ref} onBlur={onBlur} value={value ?? []} onChange={(next) => set([...new Set([...locked, ...next])])}>
      <Stack gap={6} mt={6}>
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} disabled={locked.includes(option.value)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
