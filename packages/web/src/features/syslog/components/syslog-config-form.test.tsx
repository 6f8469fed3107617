import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import { ApiError } from '../../../lib/api-error';
import { renderWithSession, sessionWith } from '../../../test/render';
import { FACILITY_KEYWORDS, FACILITY_OPTIONS } from './facility-options';
import { SyslogConfigForm } from './syslog-config-form';

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  renderWithSession(<SyslogConfigForm onSubmit={onSubmit} pending={false} submitLabel="Add server" />, sessionWith([Permission.syslogManage]));
  return onSubmit;
}

const input = (label: string) => screen.getByRole('textbox', { name: label });

describe('facility options', () => {
  it('names the 24 RFC 5424 facility codes in order, from kern (0) to local7 (23)', () => {
    expect(FACILITY_OPTIONS).toHaveLength(24);
    expect(FACILITY_OPTIONS[0]).toEqual({ value: '0', label: 'kern (0)' });
    expect(FACILITY_OPTIONS[13]).toEqual({ value: '13', label: 'log audit (13)' });
    expect(FACILITY_OPTIONS[23]).toEqual({ value: '23', label: 'local7 (23)' });
    expect(FACILITY_KEYWORDS.slice(4, 12)).toEqual(['auth', 'syslog', 'lpr', 'news', 'uucp', 'cron', 'authpriv', 'ftp']);
  });
});

describe('SyslogConfigForm', () => {
  it('sends the contract fields with the picked facility code and the default UDP port', async () => {
    const onSubmit = renderForm();
    fireEvent.change(input('Name'), { target: { value: 'Collector' } });
    fireEvent.change(input('Host'), { target: { value: 'logs.example.com' } });
    const facility = screen.getByRole('combobox', { name: 'Facility' });
    expect((facility as HTMLInputElement).value).toBe('log audit (13)');
    fireEvent.click(facility);
    fireEvent.click(await screen.findByRole('option', { name: /^local3 \(19\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Collector',
      host: 'logs.example.com',
      port: 514,
      protocol: 'udp',
      facility: 19,
      enabled: true,
      ca_certificate: null,
    });
  });

  it('shows the CA certificate only for TLS, moves to port 6514 and checks the PEM before sending', async () => {
    const onSubmit = renderForm();
    expect(screen.queryByLabelText('CA certificate')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'TLS' }));
    expect((input('Port') as HTMLInputElement).value).toBe('6514');
    fireEvent.change(input('Name'), { target: { value: 'Secure' } });
    fireEvent.change(input('Host'), { target: { value: '192.0.2.10' } });
    fireEvent.change(screen.getByLabelText('CA certificate'), { target: { value: 'not a certificate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    expect(await screen.findByText(Messages.caCertificateInvalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts the server’s field errors (a name already used) on their fields', async () => {
    const refusal = new ApiError(400, { message: Messages.invalidRequest, errors: { name: [Messages.syslogNameTaken] } }, {}, Messages.invalidRequest);
    renderForm(vi.fn().mockRejectedValue(refusal));
    fireEvent.change(input('Name'), { target: { value: 'Taken' } });
    fireEvent.change(input('Host'), { target: { value: 'logs.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    const name = input('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(name.closest('.mantine-InputWrapper-root')!).getByText(Messages.syslogNameTaken)).toBeTruthy();
  });

  it('refuses an empty host and a port out of range without sending', async () => {
    const onSubmit = renderForm();
    fireEvent.change(input('Name'), { target: { value: 'Bad' } });
    fireEvent.change(input('Port'), { target: { value: '70000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    expect(await screen.findByText('Enter a host name or IP address')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
