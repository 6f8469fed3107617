import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';

const DEBOUNCE_MS = 350;

interface DebouncedInputProps {
  label: string;
  /** The value as the URL has it. */
  value: string | undefined;
  /** Called after a pause in typing; an empty box commits undefined. */
  onCommit: (value: string | undefined) => void;
  /** A search box labels itself by its placeholder; filters show their label above. */
  hideLabel?: boolean;
  placeholder?: string;
  type?: 'search' | 'text';
  w?: number | string | Record<string, number | string>;
}

/**
 * Typing updates the box at once and the URL (hence the query) after a pause. When the URL changes on
 * its own (back button, a link) the box follows it.
 */
export function DebouncedInput({ label, value, onCommit, hideLabel, placeholder, type = 'text', w }: DebouncedInputProps) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  const commit = useDebouncedCallback((next: string) => onCommit(next.trim() === '' ? undefined : next.trim()), DEBOUNCE_MS);
  return (
    <TextInput
      type={type}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      placeholder={placeholder ?? (hideLabel ? label : undefined)}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      w={w}
    />
  );
}
