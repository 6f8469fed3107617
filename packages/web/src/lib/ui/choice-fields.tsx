import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import {
  Checkbox,
  MultiSelect,
  Radio,
  Select,
  Switch,
  TagsInput,
  type CheckboxProps,
  type MultiSelectProps,
  type RadioGroupProps,
  type SelectProps,
  type SwitchProps,
  type TagsInputProps,
} from '@mantine/core';
import { useField, type Bound } from './use-field';

// The choice controls of every form, bound to a ContractForm field by name.

/**
 * A choice among options; `numeric` stores a numeric option's value as a number (the options' values are strings;
 * an option like 'last' among numbers stays a string), and `nullable` stores no choice as null (a field the contract
 * makes nullable) rather than ''.
 */
export function SelectField({
  name,
  onChange,
  numeric = false,
  nullable = false,
  ...props
}: Bound<SelectProps, string | number> & { numeric?: boolean; nullable?: boolean }) {
  const { value, set, ...field } = useField<string | number | null>(name, onChange && ((next) => next !== null && onChange(next)));
  return (
    <Select
      {...props}
      {...field}
      value={value === undefined || value === null || value === '' ? null : String(value)}
      onChange={(next) => set(next === null ? (nullable ? null : '') : numeric && /^-?\d+(\.\d+)?$/.test(next) ? Number(next) : next)}
    />
  );
}

/** Several free-text values as pills; `error` shows when the field itself has none (an item's error, say). */
export function TagsInputField({ name, onChange, error, ...props }: Bound<TagsInputProps, string[]> & { error?: string | undefined }) {
  const { value, set, ...field } = useField<string[]>(name, onChange);
  return <TagsInput {...props} {...field} error={field.error ?? error} value={value ?? []} onChange={set} />;
}

export function MultiSelectField({ name, onChange, ...props }: Bound<MultiSelectProps, string[]>) {
  const { value, set, ...field } = useField<string[]>(name, onChange);
  return <MultiSelect {...props} {...field} value={value ?? []} onChange={set} />;
}

export function SwitchField({ name, onChange, ...props }: Bound<SwitchProps, boolean>) {
  const { value, set, ...field } = useField<boolean>(name, onChange);
  return <Switch {...props} {...field} checked={value ?? false} onChange={(event) => set(event.currentTarget.checked)} />;
}

export function CheckboxField({ name, onChange, ...props }: Bound<CheckboxProps, boolean>) {
  const { value, set, ...field } = useField<boolean>(name, onChange);
  return <Checkbox {...props} {...field} checked={value ?? false} onChange={(event) => set(event.currentTarget.checked)} />;
}

/** One of the Radio children; the group's ref takes the focus when the choice is refused. */
export function RadioGroupField({ name, onChange, ...props }: Bound<RadioGroupProps, string>) {
  const { value, set, ref, onBlur, ...field } = useField<string>(name, onChange);
  return <Radio.Group {...props} {...field} ref={ref} onBlur={onBlur} value={value ?? null} onChange={set} />;
}
