import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { cronProblem } from '@keydeck/contract/report-schedule';
import type { ReportRun, ScheduledReport } from '@keydeck/contract/scheduled-reports';
import type { ServicePermissions } from '@keydeck/contract/services';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith, enabledService, serviceLoginResponse, serviceGroupResponse } from '../../../test/render';
import { pickOption } from '../../../test/pick-option';
import { formatRunIn } from './schedule-preview';
import { ScheduledReportsSection } from './scheduled-reports-section';

vi.mock('../../../lib/dialogs', () => ({ confirm: vi.fn() }));
vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b13';
const SERVER_ID = '6f9b2a60-8d1c-4a5e-9a0e-3c2d1b0a9f01';
const service = enabledService(SERVICE_ID);

const run: ReportRun = {
  id: 'run-1',
  report: 'Daily devices',
  kind: 'devices',
  trigger: 'operator',
  triggered_by: 'ada',
  scheduled_for: null,
  started_at: '2026-03-02T06:00:00.000Z',
  finished_at: '2026-03-02T06:00:01.000Z',
  status: 'partial',
  rows: 3,
  bytes: 180,
  file_name: 'daily-devices-20260302T060000Z.csv',
  outcomes: [
    { destination: 'transfer', target: 'Reports SFTP', success: false, message: Messages.transferRefused('sftp.example.com:22') },
    { destination: 'mail', target: 'ops@example.com', success: true, message: Messages.reportMailed('daily-devices-20260302T060000Z.csv', 'ops@example.com') },
  ],
  error: null,
};
const daily: ScheduledReport = {
  id: 'r1',
  name: 'Daily devices',
  kind: 'devices',
  frequency: 'daily',
  weekday: null,
  day_of_month: null,
  cron: null,
  time: '06:00',
  time_zone: 'UTC',
  schedule: 'Daily at 06:00 UTC',
  transfer_server: { id: SERVER_ID, name: 'Reports SFTP', protocol: 'sftp' },
  recipients: ['ops@example.com'],
  enabled: true,
  next_run_at: '2099-03-03T06:00:00.000Z',
  last_run: run,
  created_by: 'ada',
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
};

interface World {
  permissions: ServicePermissions;
  runs?: ReportRun[];
  /** The page after cursor 'older' (runs then answers next_cursor 'older'). */
  olderRuns?: ReportRun[];
  reports?: ScheduledReport[];
}

function server(world: World) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.includes('/service_user_group/current')) return serviceGroupResponse(world.permissions);
    if (url === ApiPath.scheduledReports && method === 'GET') return jsonResponse(200, { reports: world.reports ?? [daily] });
    if (url.startsWith(`${ApiPath.scheduledReportRuns}?`)) {
      if (new URL(url, 'http://keydeck.test').searchParams.get('after') === 'older') return jsonResponse(200, { runs: world.olderRuns, next_cursor: null, prev_cursor: 'newer' });
      return jsonResponse(200, { runs: world.runs ?? [run], next_cursor: world.olderRuns ? 'older' : null, prev_cursor: null });
    }
    if (url === ApiPath.scheduledReports && method === 'POST') {
      const row = (JSON.parse(String(init!.body)) as { reports: { name: string }[] }).reports[0]!;
      return jsonResponse(200, { results: [{ name: row.name, success: true, message: Messages.scheduledReportAdded(row.name), report: { ...daily, ...row } }] });
    }
    if (url === ApiPath.scheduledReports && method === 'PUT') {
      const row = (JSON.parse(String(init!.body)) as { reports: { name: string }[] }).reports[0]!;
      return jsonResponse(200, { results: [{ name: row.name, success: true, message: Messages.scheduledReportChanged(row.name) }] });
    }
    if (url === ApiPath.scheduledReportRun && method === 'POST') {
      return jsonResponse(202, { run_id: 'run-2', name: 'Daily devices', message: Messages.scheduledReportQueued('Daily devices') });
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
}

const render = () => renderWithSession(<ScheduledReportsSection service={service} />, sessionWith([]));
const sent = (spy: ReturnType<typeof server>, method: string, path: string) =>
  spy.mock.calls.filter(([url, init]) => String(url) === path && init?.method === method).map(([, init]) => JSON.parse(String(init!.body)) as unknown);

const weekdayDigest: ScheduledReport = {
  ...daily,
  id: 'r2',
  name: 'Weekday digest',
  frequency: 'cron',
  cron: '30 6 * * 1-5',
  time: null,
  time_zone: 'America/New_York',
  schedule: 'Cron 30 6 * * 1-5 (America/New_York)',
};

async function addRecipient(dialog: HTMLElement, address: string) {
  const recipients = within(dialog).getByLabelText('Mail recipients') as HTMLInputElement;
  recipients.focus();
  fireEvent.change(recipients, { target: { value: address } });
  fireEvent.blur(recipients);
  expect(await within(dialog).findByText(address)).toBeTruthy();
}

const berlin = formatRunIn('Europe/Berlin');

describe('ScheduledReportsSection', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('lists reports with their schedule, destinations and last run, and shows a run’s outcome per destination to a Log viewer', async () => {
    server({ permissions: { Log: 'View' } });
    render();
    const table = await screen.findByRole('table', { name: 'Scheduled reports' });
    const row = (await within(table).findByText('Daily devices')).closest('tr')!;
    expect(row.textContent).toContain('Daily at 06:00 UTC');
    expect(row.textContent).toContain('Reports SFTP');
    expect(row.textContent).toContain('Mail: ops@example.com');
    expect(row.textContent).toContain('Partly delivered');
    expect(screen.queryByRole('button', { name: 'New report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Run now: Daily devices' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Runs of Daily devices' }));
    const drawer = await screen.findByRole('dialog', { name: 'Runs of Daily devices' });
    const card = await within(drawer).findByRole('listitem');
    expect(card.textContent).toContain('Run now by ada');
    expect(card.textContent).toContain(`✗ Reports SFTP: ${Messages.transferRefused('sftp.example.com:22')}`);
    expect(card.textContent).toContain('✓ Mail: Mailed daily-devices-20260302T060000Z.csv to ops@example.com.');
    expect(within(drawer).queryByRole('button', { name: 'Run now' })).toBeNull();
  });

  it('shows the newest runs and, on Load older runs, the page after them, until there are no older ones', async () => {
    const older: ReportRun = { ...run, id: 'run-0', status: 'failed', started_at: '2026-03-01T06:00:00.000Z', finished_at: '2026-03-01T06:00:01.000Z', file_name: null, rows: null, bytes: null, outcomes: [], error: 'The report could not be built.' };
    const spy = server({ permissions: { Log: 'View' }, olderRuns: [older] });
    render();
    const row = (await within(await screen.findByRole('table', { name: 'Scheduled reports' })).findByText('Daily devices')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Runs of Daily devices' }));
    const drawer = await screen.findByRole('dialog', { name: 'Runs of Daily devices' });
    const list = within(drawer).getByRole('list', { name: 'Runs of Daily devices' });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(1);

    fireEvent.click(await within(drawer).findByRole('button', { name: 'Load older runs' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[1]!.textContent).toContain('The report could not be built.');
    expect(within(drawer).queryByRole('button', { name: 'Load older runs' })).toBeNull();
    const asked = spy.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(`${ApiPath.scheduledReportRuns}?`));
    expect(asked.some((url) => url.includes('after=older'))).toBe(true);
  });

  it('labels every time with its zone: the next run and the runs in the report’s zone, as its schedule', async () => {
    server({ permissions: { Log: 'View' }, reports: [{ ...daily, time_zone: 'Europe/Berlin', schedule: 'Daily at 02:30 Europe/Berlin', next_run_at: '2099-03-03T01:30:00.000Z' }] });
    render();
    const table = await screen.findByRole('table', { name: 'Scheduled reports' });
    const row = (await within(table).findByText('Daily devices')).closest('tr')!;
    expect(row.textContent).toContain(`${berlin(new Date('2099-03-03T01:30:00.000Z'))} Europe/Berlin`);

    fireEvent.click(within(row).getByRole('button', { name: 'Runs of Daily devices' }));
    const card = await within(await screen.findByRole('dialog', { name: 'Runs of Daily devices' })).findByRole('listitem');
    expect(card.textContent).toContain(`${berlin(new Date(run.started_at))} Europe/Berlin`);
  });

  it('creates a report mailed to recipients; without Key the key reports are not offered, without Host no server list', async () => {
    const spy = server({ permissions: { Log: 'Modify', Device: 'View' } });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New report' }));
    const dialog = await screen.findByRole('dialog', { name: 'New scheduled report' });
    expect((within(dialog).getByRole('radio', { name: 'Key inventory' }) as HTMLInputElement).disabled).toBe(true);
    expect(dialog.textContent).toContain('Needs the Key permission in your service user group');
    expect(dialog.textContent).toContain('Listing the service’s transfer servers needs the Host permission.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Weekly devices' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Once a week' }));
    fireEvent.change(within(dialog).getByLabelText('Time (UTC)', { exact: false }), { target: { value: '07:15' } });
    const recipients = within(dialog).getByLabelText('Mail recipients');
    // Typed and left: the address becomes a pill.
    (recipients as HTMLInputElement).focus();
    fireEvent.change(recipients, { target: { value: 'ops@example.com' } });
    fireEvent.blur(recipients);
    expect(await within(dialog).findByText('ops@example.com')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create report' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: Messages.scheduledReportAdded('Weekly devices') }));
    expect(sent(spy, 'POST', ApiPath.scheduledReports)).toEqual([
      {
        reports: [
          { name: 'Weekly devices', kind: 'devices', frequency: 'weekly', weekday: 'monday', day_of_month: null, cron: null, time: '07:15', time_zone: 'UTC', transfer_server_id: null, recipients: ['ops@example.com'], enabled: true },
        ],
      },
    ]);
  });

  it('runs a report now and tells its outcome once the run is in the history', async () => {
    const finished: ReportRun = { ...run, id: 'run-2', status: 'success', outcomes: run.outcomes.map((o) => ({ ...o, success: true })) };
    const spy = server({ permissions: { Log: 'Modify' }, runs: [finished, run] });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Run now: Daily devices' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'info', message: Messages.scheduledReportQueued('Daily devices') }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Daily devices: delivered (3 rows).' }), { timeout: 3_000 });
    expect(sent(spy, 'POST', ApiPath.scheduledReportRun)).toEqual([{ name: 'Daily devices' }]);
  });

  it('creates a monthly report on the last day in Europe/Berlin, previewing its next runs there', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T00:00:00Z') });
    const spy = server({ permissions: { Log: 'Modify', Device: 'View' } });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New report' }));
    const dialog = await screen.findByRole('dialog', { name: 'New scheduled report' });
    // The browser's zone (UTC here) is the new report's.
    expect((within(dialog).getByLabelText('Time zone', { exact: false, selector: 'input' }) as HTMLInputElement).value).toBe('UTC');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Month end devices' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Once a month' }));
    await pickOption(dialog, 'Day of the month', 'Last day');
    await pickOption(dialog, 'Time zone', 'Europe/Berlin', 'Berlin');
    expect(within(dialog).getByLabelText('Time (Europe/Berlin)', { exact: false })).toBeTruthy();
    const runs = within(dialog).getByRole('list', { name: 'Next runs (Europe/Berlin)' });
    // CEST (UTC+2) from 29 March: 06:00 there is 04:00 UTC.
    expect(within(runs).getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      ['2026-03-31T04:00:00Z', '2026-04-30T04:00:00Z', '2026-05-31T04:00:00Z'].map((at) => berlin(new Date(at))),
    );
    await addRecipient(dialog, 'ops@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create report' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: Messages.scheduledReportAdded('Month end devices') }));
    expect(sent(spy, 'POST', ApiPath.scheduledReports)).toEqual([
      {
        reports: [
          {
            name: 'Month end devices',
            kind: 'devices',
            frequency: 'monthly',
            weekday: null,
            day_of_month: 'last',
            cron: null,
            time: '06:00',
            time_zone: 'Europe/Berlin',
            transfer_server_id: null,
            recipients: ['ops@example.com'],
            enabled: true,
          },
        ],
      },
    ]);
  });

  it('creates a cron report: a broken expression says why, a good one previews its next 3 runs in the zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T00:00:00Z') });
    const spy = server({ permissions: { Log: 'Modify', Device: 'View' } });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New report' }));
    const dialog = await screen.findByRole('dialog', { name: 'New scheduled report' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Weekday devices' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Cron expression' }));
    expect(within(dialog).queryByLabelText('Time', { exact: false, selector: 'input[type=time]' })).toBeNull();
    expect(dialog.textContent).toContain('minute hour day-of-month month day-of-week');
    await pickOption(dialog, 'Time zone', 'Europe/Berlin', 'Berlin');
    const expression = within(dialog).getByRole('textbox', { name: 'Cron expression' });
    fireEvent.change(expression, { target: { value: '61 6 * * *' } });
    expect(await within(dialog).findByText(cronProblem('61 6 * * *')!)).toBeTruthy();
    fireEvent.change(expression, { target: { value: '30 6 * * 1-5' } });
    const runs = await within(dialog).findByRole('list', { name: 'Next runs (Europe/Berlin)' });
    expect(within(runs).getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      ['2026-03-02T05:30:00Z', '2026-03-03T05:30:00Z', '2026-03-04T05:30:00Z'].map((at) => berlin(new Date(at))),
    );
    await addRecipient(dialog, 'ops@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create report' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: Messages.scheduledReportAdded('Weekday devices') }));
    expect(sent(spy, 'POST', ApiPath.scheduledReports)).toEqual([
      {
        reports: [
          {
            name: 'Weekday devices',
            kind: 'devices',
            frequency: 'cron',
            weekday: null,
            day_of_month: null,
            cron: '30 6 * * 1-5',
            time: null,
            time_zone: 'Europe/Berlin',
            transfer_server_id: null,
            recipients: ['ops@example.com'],
            enabled: true,
          },
        ],
      },
    ]);
  });

  it('edits a cron report with its expression and zone; switching to daily drops the expression', async () => {
    const spy = server({ permissions: { Log: 'Modify', Device: 'View' }, reports: [weekdayDigest] });
    render();
    const table = await screen.findByRole('table', { name: 'Scheduled reports' });
    const row = (await within(table).findByText('Weekday digest')).closest('tr')!;
    expect(row.textContent).toContain('Cron 30 6 * * 1-5 (America/New_York)');
    fireEvent.click(await within(row).findByRole('button', { name: 'More actions for Weekday digest' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Weekday digest' });
    expect((within(dialog).getByRole('radio', { name: 'Cron expression' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('textbox', { name: 'Cron expression' }) as HTMLInputElement).value).toBe('30 6 * * 1-5');
    expect((within(dialog).getByLabelText('Time zone', { exact: false, selector: 'input' }) as HTMLInputElement).value).toBe('America/New_York');
    expect(within(dialog).getByRole('list', { name: 'Next runs (America/New_York)' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Every day' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Cron expression' })).toBeNull();
    expect((within(dialog).getByLabelText('Time (America/New_York)', { exact: false }) as HTMLInputElement).value).toBe('06:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(sent(spy, 'PUT', ApiPath.scheduledReports)).toHaveLength(1));
    expect(sent(spy, 'PUT', ApiPath.scheduledReports)).toEqual([
      {
        reports: [
          expect.objectContaining({ name: 'Weekday digest', frequency: 'daily', weekday: null, day_of_month: null, cron: null, time: '06:00', time_zone: 'America/New_York' }),
        ],
      },
    ]);
  });
});
