import { Alert } from '@mantine/core';

/** A refusal the form cannot show under a field, above the fields. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="error" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  );
}
