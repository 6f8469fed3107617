import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import { useEffect, useState, type ReactNode } from 'react';
import { Checkbox, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { BatchAction } from './batch-action';
import { SortHeader } from './data-table-header';
import { DataTablePager, type PageCursors } from './data-table-pager';
import { DebouncedInput } from './debounced-input';
import { useSidewaysScroll } from './sideways-scroll';
import { QueryErrorAlert } from './query-error-alert';
import type { ListState, ListStatePatch } from './list-search';
import { SelectionBar } from './selection-bar';

export interface DataTableColumn<T> {
  /** Unique within the table. */
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  /** The order_by value this column sorts by; without it the column is not sortable. */
  sortKey?: string;
  width?: number | string;
  /** Kept in view at the right edge while the rest scrolls sideways; the 'actions' column always is. */
  pinned?: boolean;
}

/**
 * On a narrow screen the table scrolls sideways; the row's actions stay in view at its right edge, with a shadow
 * that says more lies under it.
 */
const PINNED_STYLE = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 8px 0 8px -8px rgba(0, 0, 0, 0.25)',
} as const;
const pinnedStyle = <T,>(column: DataTableColumn<T>) => ((column.pinned ?? column.key === 'actions') ? PINNED_STYLE : undefined);

/** What the table reads of its query: a list query's result, or a chunked list flattened into one. */
export interface DataTableQuery<T> {
  /** A list paged by keyset also answers the cursors of its next and previous pages. */
  data: ({ data: T[]; total: number } & Partial<PageCursors>) | undefined;
  error: Error | null;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

export interface DataTableProps<T> {
  /** The table's accessible name, e.g. "Accounts". */
  label: string;
  columns: DataTableColumn<T>[];
  /** A list query answering {data, total}, made with listQueryOptions (lib/list-query). */
  query: DataTableQuery<T>;
  rowKey: (row: T) => string;
  /** Server-side paging, sorting and search; the state lives in the route's search params. */
  list?: { state: ListState; onChange: (patch: ListStatePatch) => void };
  /** Shows the search box (needs `list`), with this as its label. */
  searchLabel?: string;
  /** Filters or buttons beside the search box. */
  toolbar?: ReactNode;
  emptyText: string;
  /** Row checkboxes and a selection bar running these actions on every selected row. */
  selection?: { rowLabel: (row: T) => string; actions: BatchAction<T>[] };
  /**
   * Row checkboxes whose selection the caller holds (by row key), kept across pages, order and search; the caller
   * shows its own batch bar. Instead of `selection`.
   */
  picked?: { rowLabel: (row: T) => string; keys: ReadonlySet<string>; onToggle: (rows: T[], picked: boolean) => void };
  /** The pager's total as text, when the count is not exact ("10,000+"). */
  totalText?: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

/**
 * THE list component (ARCHITECTURE.md: one DataTable for every list). Paging, sorting and search are
 * the URL's (the route validates them); while the next page loads the previous one stays on screen,
 * dimmed and aria-busy.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, query, rowKey, list, searchLabel, toolbar, emptyText, selection, picked, totalText, minWidth = 720 } = props;
  const [selected, setSelected] = useState<Map<string, T>>(new Map());
  const [sidewaysRef, sidewaysProps] = useSidewaysScroll(label);
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const stateKey = list ? JSON.stringify(list.state) : '';

  // A new page, order or search shows other rows: a selection the user can no longer see is dropped.
  const [selectionKey, setSelectionKey] = useState(stateKey);
  if (selectionKey !== stateKey) {
    setSelectionKey(stateKey);
    setSelected(new Map());
  }

  // Past the last page (after a search, or rows went away): go to the last page that exists.
  const lastPage = Math.max(1, Math.ceil(total / (list?.state.page_size ?? 1)));
  const overshoot = Boolean(list && query.isSuccess && !query.isPlaceholderData && list.state.page > lastPage);
  useEffect(() => {
    if (overshoot) list?.onChange({ page: lastPage });
  }, [overshoot, lastPage, list]);

  const isSelected = (key: string) => (picked ? picked.keys.has(key) : selected.has(key));
  const allOnPage = rows.length > 0 && rows.every((row) => isSelected(rowKey(row)));
  const someOnPage = rows.some((row) => isSelected(rowKey(row)));
  const toggle = (row: T) =>
    picked
      ? picked.onToggle([row], !isSelected(rowKey(row)))
      : setSelected((current) => {
          const next = new Map(current);
          if (next.has(rowKey(row))) next.delete(rowKey(row));
          else next.set(rowKey(row), row);
          return next;
        });
  const toggleAll = () =>
    picked ? picked.onToggle(rows, !allOnPage) : setSelected(allOnPage ? new Map() : new Map(rows.map((row) => [rowKey(row), row])));
  const checkboxes = selection ?? picked;
  const columnCount = columns.length + (checkboxes ? 1 : 0);

  const body = query.isPending
    ? Array.from({ length: Math.min(list?.state.page_size ?? 5, 10) }, (_, i) => (
        <Table.Tr key={`skeleton-${i}`} aria-hidden="true">
          {Array.from({ length: columnCount }, (_, j) => (
            <Table.Td key={j}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))
    : rows.length === 0
      ? [
          <Table.Tr key="empty">
            <Table.Td colSpan={columnCount}>
              <Text c="dimmed" ta="center" py="xl" size="sm" data-testid="table-empty">
                {query.isError ? 'Nothing to show.' : emptyText}
              </Text>
            </Table.Td>
          </Table.Tr>,
        ]
      : rows.map((row) => {
          const key = rowKey(row);
          return (
            <Table.Tr key={key} bg={isSelected(key) ? 'var(--mantine-primary-color-light)' : undefined}>
              {checkboxes ? (
                <Table.Td w={40}>
                  <Checkbox aria-label={`Select ${checkboxes.rowLabel(row)}`} checked={isSelected(key)} onChange={() => toggle(row)} />
                </Table.Td>
              ) : null}
              {columns.map((column) => (
                <Table.Td key={column.key} style={pinnedStyle(column)}>
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          );
        });

  return (
    <Stack gap="sm">
      {searchLabel || toolbar ? (
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          {list && searchLabel ? (
            <DebouncedInput
              type="search"
              hideLabel
              label={searchLabel}
              value={list.state.search}
              onCommit={(search) => list.onChange({ search, page: 1 })}
              w={{ base: '100%', xs: 280 }}
            />
          ) : (
            <span />
          )}
          {toolbar ? (
            <Group gap="sm" wrap="wrap" align="flex-end">
              {toolbar}
            </Group>
          ) : null}
        </Group>
      ) : null}
      {selection ? (
        <SelectionBar
          rows={[...selected.values()]}
          actions={selection.actions}
          rowKey={rowKey}
          onClear={() => setSelected(new Map())}
          onDone={(succeeded) =>
            setSelected((current) => new Map([...current].filter(([key]) => !succeeded.includes(key))))
          }
        />
      ) : null}
      <QueryErrorAlert title={`${label} could not be loaded`} query={query} />
      <Table.ScrollContainer ref={sidewaysRef} minWidth={minWidth} type="native" {...sidewaysProps}>
        <Table
          aria-label={label}
          aria-busy={query.isFetching}
          highlightOnHover
          verticalSpacing="sm"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              {checkboxes ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={`Select all ${label.toLowerCase()} on this page`}
                    checked={allOnPage}
                    indeterminate={someOnPage && !allOnPage}
                    disabled={rows.length === 0}
                    onChange={toggleAll}
                  />
                </Table.Th>
              ) : null}
              {columns.map((column) =>
                column.sortKey && list ? (
                  <SortHeader
                    key={column.key}
                    title={column.title}
                    sortKey={column.sortKey}
                    state={list.state}
                    onChange={list.onChange}
                    width={column.width}
                  />
                ) : (
                  <Table.Th key={column.key} w={column.width} style={{ whiteSpace: 'nowrap', ...pinnedStyle(column) }}>
                    {column.title}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* An empty list says so once, in its own words: no pager saying "No results" under it. */}
      {list && query.data && total > 0 ? <DataTablePager label={label} state={list.state} total={total} totalText={totalText} cursors={query.data} onChange={list.onChange} /> : null}
    </Stack>
  );
}
