import { Button, CopyButton, type ButtonProps } from '@mantine/core';

interface CopyValueButtonProps extends Omit<ButtonProps, 'color' | 'children'> {
  value: string;
  /** What the button says before it is pressed: "Copy PEM", "Copy key block". */
  label: string;
}

/** A button that copies a value (a PEM, a key block, a public key) and says "Copied" for a moment after. */
export function CopyValueButton({ value, label, variant = 'default', ...button }: CopyValueButtonProps) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Button {...button} variant={variant} color={copied ? 'success' : undefined} onClick={copy}>
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}
