import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import type { ListState, ListStatePatch } from './list-search';

const PAGE_SIZES = ['10', '25', '50', '100'];

interface PagerProps {
  label: string;
  state: ListState;
  total: number;
  /** Shown for the total when the count is not exact ("10,000+"). */
  totalText?: string | undefined;
  onChange: (patch: ListStatePatch) => void;
}

/** "Showing 11–20 of 23", the page buttons and the page size; every change goes to the URL. */
export function DataTablePager({ label, state, total, totalText, onChange }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / state.page_size));
  const first = total === 0 ? 0 : (state.page - 1) * state.page_size + 1;
  const last = Math.min(total, state.page * state.page_size);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="table-range">
        {total === 0 ? 'No results' : `Showing ${first}–${last} of ${totalText ?? total}`}
      </Text>
      <Group gap="md" wrap="wrap">
        <NativeSelect
          aria-label="Rows per page"
          size="xs"
          data={PAGE_SIZES}
          value={String(state.page_size)}
          onChange={(event) => onChange({ page_size: Number(event.currentTarget.value), page: 1 })}
        />
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(state.page, pages)}
            onChange={(page) => onChange({ page })}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': `${control} page of ${label}` })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page} of ${label}` })}
          />
        ) : null}
      </Group>
    </Group>
  );
}
