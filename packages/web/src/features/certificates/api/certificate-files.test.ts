import { describe, expect, it } from 'vitest';
import { caFileName, pemToDer } from './certificate-files';

describe('certificate files', () => {
  it('decodes the first PEM block to its DER bytes, whatever its line breaks', () => {
    const der = Uint8Array.from([0x30, 0x82, 0x01, 0x0a, 0xff, 0x00]);
    const pem = `-----BEGIN X509 CRL-----\r\n${btoa(String.fromCharCode(...der)).replace(/(.{4})/g, '$1\n')}\n-----END X509 CRL-----\n`;
    expect([...pemToDer(pem)]).toEqual([...der]);
    expect(() => pemToDer('<html>')).toThrow('PEM');
  });

  it('names files as the server does', () => {
    expect(caFileName('Issuing CA 1', '.crl')).toBe('Issuing-CA-1.crl');
    expect(caFileName('***', '.pem')).toBe('ca.pem');
  });
});
