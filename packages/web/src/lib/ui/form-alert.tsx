import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { useFormState } from 'react-hook-form';
import { SERVER_MESSAGE } from '../use-contract-form';

/**
 * A refusal the form cannot show under a field, above the fields: the server's message useContractForm keeps,
 * or `message` when the form has its own; `children` follow the text. It scrolls into view, as in a long modal it
 * may be out of sight.
 */
export function FormAlert({ message, children }: { message?: string | null; children?: ReactNode }) {
  const { errors } = useFormState({ name: SERVER_MESSAGE });
  const text = message === undefined ? errors.root?.server?.message : message;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (text) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text]);
  if (!text) return null;
  return (
    <Alert ref={ref} color="error" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
      {text}
      {children}
    </Alert>
  );
}
