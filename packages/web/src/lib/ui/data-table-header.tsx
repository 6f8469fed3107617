import { Table, UnstyledButton } from '@mantine/core';
import type { ListState, ListStatePatch } from './list-search';

interface SortHeaderProps {
  title: string;
  sortKey: string;
  state: ListState;
  onChange: (patch: ListStatePatch) => void;
  width?: number | string;
}

function SortArrow({ direction }: { direction: 'asc' | 'desc' | null }) {
  // Both arrows when unsorted, so the header reads as clickable; the active one alone when sorted.
  return (
    <svg width="10" height="14" viewBox="0 0 10 14" aria-hidden="true" style={{ flex: 'none' }}>
      {direction !== 'desc' ? <path d="M5 1 9 6H1z" fill="currentColor" opacity={direction ? 1 : 0.45} /> : null}
      {direction !== 'asc' ? <path d="M5 13 1 8h8z" fill="currentColor" opacity={direction ? 1 : 0.45} /> : null}
    </svg>
  );
}

/**
 * A sortable column header: aria-sort on the th, a button inside (spec §9 order/order_by). The first
 * click sorts ascending; clicking the sorted column flips the order. Either goes back to page 1.
 */
export function SortHeader({ title, sortKey, state, onChange, width }: SortHeaderProps) {
  const active = state.order_by === sortKey;
  const direction = active ? (state.order ?? 'asc') : null;
  const next = active && direction === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th
      w={width}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton
        onClick={() => onChange({ order_by: sortKey, order: next, page: 1 })}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
        aria-label={`${title}: sort ${next === 'asc' ? 'ascending' : 'descending'}`}
      >
        {title}
        <SortArrow direction={direction} />
      </UnstyledButton>
    </Table.Th>
  );
}
