import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { auditListQuery, type AuditEvent } from '@keydeck/contract/audit';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { AuditLogView } from './audit-log-view';

const SERVICE_ID = '0b6a3c1e-54a1-4c47-9d8e-2f3b8a7c9d10';
const event = (fields: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  account_id: 'a1',
  occurred_at: '2026-11-28T10:00:00.000Z',
  actor_username: 'ada',
  action: 'service.select',
  target: SERVICE_ID,
  target_name: 'Payments Prod',
  outcome: 'success',
  reason: null,
  client_address: '127.0.0.1',
  request_id: 'req-1',
  seq: 1,
  ...fields,
});
const events = [
  event({}),
  event({ id: 2, seq: 2, action: 'device.move', target: 'Payments Prod: moved to Spare 3 devices', target_name: null, outcome: 'partial', reason: '2 of 3 done' }),
];

describe('AuditLogView', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a target by its name with the id on hover and in the details, and a partly done batch as partial', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { data: events, total: events.length, total_capped: false, next_cursor: null, prev_cursor: null }));
    renderWithSession(<AuditLogView search={auditListQuery.parse({})} onChange={() => {}} />, sessionWith([]));
    const name = await screen.findByText('Payments Prod');
    expect(name.getAttribute('title')).toBe(SERVICE_ID);
    expect(screen.queryByText(SERVICE_ID)).toBeNull();
    const row = screen.getByText('2 of 3 done').closest('tr')!;
    expect(within(row).getByText('partial')).toBeTruthy();
    expect(within(screen.getByLabelText('Outcome')).getByRole('option', { name: 'partial' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'View event 1' }));
    const details = await screen.findByTestId('audit-event-details');
    expect(within(details).getByText('Payments Prod')).toBeTruthy();
    expect(within(details).getByText(SERVICE_ID)).toBeTruthy();
  });

  it('leads each row with its View button and pins no column over the target, so a narrow screen (768 px) scrolls it readably', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { data: events, total: events.length, total_capped: false, next_cursor: null, prev_cursor: null }));
    renderWithSession(<AuditLogView search={auditListQuery.parse({})} onChange={() => {}} />, sessionWith([]));
    const table = await screen.findByRole('table', { name: 'Audit events' });
    await within(table).findByText('Payments Prod');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Details', 'Time', 'User', 'Action', 'Target', 'Outcome', 'Client address', 'Request id',
    ]);
    const row = within(table).getByText('Payments Prod').closest('tr')!;
    expect(within(row).getAllByRole('cell')[0]!.textContent).toBe('View');
    const sticky = [...table.querySelectorAll<HTMLElement>('th, td')].filter((cell) => cell.style.position === 'sticky');
    expect(sticky).toEqual([]);
  });

  it('says "about 1.2 million" in the pager when the total is the planner’s estimate, not a count', async () => {
    const page = { data: events, total: 1_234_567, total_capped: false, total_estimated: true, next_cursor: 'next', prev_cursor: null };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, page));
    renderWithSession(<AuditLogView search={auditListQuery.parse({})} onChange={() => {}} />, sessionWith([]));
    expect((await screen.findByTestId('table-range')).textContent).toBe('Showing 1–10 of about 1.2 million');
  });
});
