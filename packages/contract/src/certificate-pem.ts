import { z } from 'zod';
import { Messages } from './messages.ts';

/**
 * The CA certificates (PEM, one or more blocks) a TLS connection of a tenant's (syslog, FTPS) trusts instead of the
 * system's CAs; each form makes empty mean none. The form's check only: the server parses every block as X.509.
 */
export const caCertificatePem = z
  .string()
  .trim()
  .max(20_000)
  .refine((pem) => pem === '' || pem.includes('-----BEGIN CERTIFICATE-----'), Messages.caCertificateInvalid);
