/** Certificate files in the browser: the stored DER back into PEM, and the file's name. */

/** DER (base64) as a PEM certificate, 64 characters a line (RFC 7468). */
export function certificatePem(derBase64: string): string {
  const lines = derBase64.match(/.{1,64}/g) ?? [];
  return ['-----BEGIN CERTIFICATE-----', ...lines, '-----END CERTIFICATE-----', ''].join('\n');
}

/** A file name from the CA's name: letters, digits, dot, dash and underscore kept, the rest runs of '_'. */
export function certificateFileName(name: string): string {
  const base = name.trim().replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+|_+$/g, '');
  return `${base || 'external-ca'}.pem`;
}
