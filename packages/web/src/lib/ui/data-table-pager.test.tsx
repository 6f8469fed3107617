import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DataTablePager, type PageCursors } from './data-table-pager';

function pager(page: number, cursors?: PageCursors) {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <DataTablePager label="Keys" state={{ page, page_size: 10 }} total={95} cursors={cursors} onChange={onChange} />
    </MantineProvider>,
  );
  return { onChange, click: (name: string) => fireEvent.click(screen.getByRole('button', { name })) };
}

describe('DataTablePager', () => {
  it('asks for the next and previous pages by cursor and the last from the end, where the list pages by keyset', () => {
    const { onChange, click } = pager(3, { next_cursor: 'after-30', prev_cursor: 'before-21' });
    expect(screen.getByTestId('table-range').textContent).toBe('Showing 21–30 of 95');
    click('Page 4 of Keys');
    expect(onChange).toHaveBeenLastCalledWith({ page: 4, after: 'after-30' });
    click('Page 2 of Keys');
    expect(onChange).toHaveBeenLastCalledWith({ page: 2, before: 'before-21' });
    click('Page 10 of Keys');
    expect(onChange).toHaveBeenLastCalledWith({ page: 10, last: true });
    // The first page is the filter's start, and another page a jump: neither needs a cursor.
    click('Page 1 of Keys');
    expect(onChange).toHaveBeenLastCalledWith({ page: 1 });
  });

  it('asks for a page by its number where the list has no cursors', () => {
    const { onChange, click } = pager(3);
    click('Page 4 of Keys');
    expect(onChange).toHaveBeenLastCalledWith({ page: 4 });
    click('Page 10 of Keys');
    expect(onChange).toHaveBeenLastCalledWith({ page: 10 });
  });
});
