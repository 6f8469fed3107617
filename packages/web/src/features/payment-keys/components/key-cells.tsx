import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Badge, Stack, Text, VisuallyHidden } from '@mantine/core';
import { EXPORTABILITY, KEY_ALGORITHM_LABELS, KEY_ALGORITHM_SHORT, KEY_USAGES, MODES_OF_USE, type Exportability, type KeyAlgorithm, type KeyRetrievalAlgorithm, type KeyState, type KeyUsage, type ModeOfUse } from '@keydeck/contract/payment-keys';

const STATE_COLORS: Record<KeyState, string> = { active: 'success', disabled: 'warning', retired: 'secondary' };
export const STATE_LABELS: Record<KeyState, string> = { active: 'Active', disabled: 'Disabled', retired: 'Retired' };

export function KeyStateBadge({ state }: { state: KeyState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {STATE_LABELS[state]}
    </Badge>
  );
}

/** A key check value: six hex digits people compare against paperwork, so fixed-width and never wrapped. */
export function Kcv({ value, size = 'sm' }: { value: string; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Text component="span" ff="monospace" size={size} fw={600} style={{ whiteSpace: 'nowrap', letterSpacing: '0.05em' }}>
      {value}
    </Text>
  );
}

/** A TR-31 code alone where a table is tight: what it means shows on hover and is read out by screen readers. */
export function CodeAbbr({ code, label }: { code: string; label: string }) {
  return (
    <>
      <Text component="abbr" title={label} ff="monospace" size="sm" fw={600} style={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {code}
      </Text>
      <VisuallyHidden>: {label}</VisuallyHidden>
    </>
  );
}

/** An algorithm in a table cell: short, with the full label as its title. */
export function AlgorithmCell({ algorithm }: { algorithm: KeyAlgorithm }) {
  return (
    <Text size="sm" title={KEY_ALGORITHM_LABELS[algorithm]} style={{ whiteSpace: 'nowrap' }}>
      {KEY_ALGORITHM_SHORT[algorithm]}
    </Text>
  );
}

/** A TR-31 code (usage, mode of use, exportability) with what it means under it. */
export function CodeCell({ code, label }: { code: string; label: string }) {
  return (
    <Stack gap={0}>
      <Text ff="monospace" size="sm" fw={600}>
        {code}
      </Text>
      <Text size="xs" c="dimmed" lh={1.3}>
        {label}
      </Text>
    </Stack>
  );
}

export const usageLabel = (usage: KeyUsage) => `${usage} · ${KEY_USAGES[usage]}`;
export const modeLabel = (mode: ModeOfUse) => `${mode} · ${MODES_OF_USE[mode]}`;
export const exportabilityLabel = (code: Exportability) => `${code} · ${EXPORTABILITY[code]}`;

/** The key retrieval algorithms in a word or two; KEY_RETRIEVAL_ALGORITHMS says what each does. */
export const RETRIEVAL_SHORT: Record<KeyRetrievalAlgorithm, string> = { static: 'Static key', dukpt_tdes: 'TDES DUKPT', dukpt_aes: 'AES DUKPT' };
const DUKPT_DEVICES = 'Each device loads its own initial key, derived from the BDK';
/** What a group's devices get, in a line under RETRIEVAL_SHORT. */
export const RETRIEVAL_NOW: Record<KeyRetrievalAlgorithm, string> = { static: 'Every device loads the same key', dukpt_tdes: DUKPT_DEVICES, dukpt_aes: DUKPT_DEVICES };

/** A value with a short plain line under it (what a code or name means here). */
export function ExplainedCell({ value, explained }: { value: string; explained: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{value}</Text>
      <Text size="xs" c="dimmed" lh={1.3}>
        {explained}
      </Text>
    </Stack>
  );
}
