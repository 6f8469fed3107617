import { describe, expect, it } from 'vitest';
import { environmentLines, pkcs11ToolCommand, shellQuote } from './connection-details';

const connection = {
  module: '/usr/lib/softhsm/libsofthsm2.so',
  environment: { SOFTHSM2_CONF: '/var/lib/keydeck/cloud-hsms/5b0e/softhsm2.conf' },
  token_label: 'payments 1',
  slot_id: 1234,
  address: '10.20.0.1',
  pkcs11_port: 2000,
};

describe('connection details', () => {
  it('quote what a shell would split or expand, and nothing else', () => {
    expect(shellQuote('/usr/lib/softhsm/libsofthsm2.so')).toBe('/usr/lib/softhsm/libsofthsm2.so');
    expect(shellQuote('payments 1')).toBe("'payments 1'");
    expect(shellQuote("it's $HOME")).toBe(`'it'\\''s $HOME'`);
  });

  it('give the environment as export lines and a pkcs11-tool command that asks for the PIN itself', () => {
    expect(environmentLines(connection.environment)).toEqual(['export SOFTHSM2_CONF=/var/lib/keydeck/cloud-hsms/5b0e/softhsm2.conf']);
    const command = pkcs11ToolCommand(connection);
    expect(command).toBe(
      "SOFTHSM2_CONF=/var/lib/keydeck/cloud-hsms/5b0e/softhsm2.conf pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --token-label 'payments 1' --login --list-objects",
    );
    expect(command).not.toMatch(/--pin|-p /);
  });
});
