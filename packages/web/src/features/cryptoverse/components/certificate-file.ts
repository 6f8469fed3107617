/** Certificate files in the browser: reading an upload as base64, and turning the stored DER back into PEM. */

/** The file's bytes as base64, whatever they hold (PEM text or DER): the server decides what it is. */
export async function readFileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

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
