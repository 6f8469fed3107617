import '@mantine/core/styles/Tooltip.css';
import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';

function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {copied ? (
        <path d="M5 12l5 5L20 7" />
      ) : (
        <>
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </>
      )}
    </svg>
  );
}

/** Monospace text with a copy button (request ids, codes); `shown` abbreviates a long value, the copy is whole. */
export function CopyText({ value, label, shown = value }: { value: string; label: string; shown?: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text ff="monospace" size="xs" style={{ whiteSpace: 'nowrap' }} title={shown === value ? undefined : value}>
        {shown}
      </Text>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'success' : 'secondary'} size="sm" onClick={copy} aria-label={`Copy ${label} ${value}`}>
              <CopyIcon copied={copied} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
