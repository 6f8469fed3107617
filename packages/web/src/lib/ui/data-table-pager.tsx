import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import type { ListState, ListStatePatch } from './list-search';

const PAGE_SIZES = ['10', '25', '50', '100'];

/** A keyset page's cursors (contract/paging.ts): null where there is no next or previous page. */
export interface PageCursors {
  next_cursor: string | null;
  prev_cursor: string | null;
}

interface PagerProps {
  label: string;
  state: ListState;
  total: number;
  /** Where the list pages by keyset: the next and previous pages are asked for by cursor, the last from the end. */
  cursors?: Partial<PageCursors> | undefined;
  /** Shown for the total when the count is not exact ("10,000+"). */
  totalText?: string | undefined;
  onChange: (patch: ListStatePatch) => void;
}

/** "Showing 11–20 of 23", the page buttons and the page size; every change goes to the URL. */
export function DataTablePager({ label, state, total, totalText, cursors, onChange }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / state.page_size));
  const keyset = cursors?.next_cursor !== undefined;
  // By keyset, the page next to this one costs what the first costs however deep it is, and so does the last;
  // another page is a jump, read at its offset.
  const turnTo = (page: number): ListStatePatch => {
    if (!keyset) return { page };
    if (page === state.page + 1 && cursors?.next_cursor) return { page, after: cursors.next_cursor };
    if (page === state.page - 1 && page > 1 && cursors?.prev_cursor) return { page, before: cursors.prev_cursor };
    if (page === pages && page > 1) return { page, last: true };
    return { page };
  };
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
            onChange={(page) => onChange(turnTo(page))}
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
