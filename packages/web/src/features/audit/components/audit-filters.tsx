import { Group, NativeSelect, TextInput } from '@mantine/core';
import { AUDIT_OUTCOMES, type AuditListQuery } from '@keydeck/contract/audit';
import { isoToLocalInput, localInputToIso } from '../../../lib/datetime';
import { DebouncedInput } from '../../../lib/ui/debounced-input';

export type AuditPatch = Partial<{ [K in keyof AuditListQuery]: AuditListQuery[K] | undefined }>;

interface AuditFiltersProps {
  search: AuditListQuery;
  onChange: (patch: AuditPatch) => void;
  /** Platform administrators pick an account (or all); undefined hides the filter. */
  accounts?: { value: string; label: string }[];
}

/** Date range, user, action, outcome, text (and account): every change goes to the URL and back to page 1. */
export function AuditFilters({ search, onChange, accounts }: AuditFiltersProps) {
  const set = (patch: AuditPatch) => onChange({ ...patch, page: 1 });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="datetime-local"
        label="From"
        value={isoToLocalInput(search.from)}
        onChange={(event) => set({ from: localInputToIso(event.currentTarget.value) })}
        w={{ base: '100%', xs: 210 }}
      />
      <TextInput
        type="datetime-local"
        label="To"
        value={isoToLocalInput(search.to)}
        onChange={(event) => set({ to: localInputToIso(event.currentTarget.value) })}
        w={{ base: '100%', xs: 210 }}
      />
      <DebouncedInput label="User" value={search.user} onCommit={(user) => set({ user })} w={{ base: '100%', xs: 150 }} />
      <DebouncedInput label="Action" placeholder="e.g. login" value={search.action} onCommit={(action) => set({ action })} w={{ base: '100%', xs: 150 }} />
      <NativeSelect
        label="Outcome"
        data={[{ value: '', label: 'Any' }, ...AUDIT_OUTCOMES.map((outcome) => ({ value: outcome, label: outcome }))]}
        value={search.outcome ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          set({ outcome: AUDIT_OUTCOMES.find((outcome) => outcome === value) });
        }}
        w={{ base: '100%', xs: 120 }}
      />
      <DebouncedInput type="search" label="Search" placeholder="Any text" value={search.search} onCommit={(text) => set({ search: text })} w={{ base: '100%', xs: 180 }} />
      {accounts ? (
        <NativeSelect
          label="Account"
          data={[{ value: '', label: 'All accounts' }, ...accounts]}
          value={search.account_id ?? ''}
          onChange={(event) => set({ account_id: event.currentTarget.value || undefined })}
          w={{ base: '100%', xs: 200 }}
        />
      ) : null}
    </Group>
  );
}
