/** What a PEM download is served as. */
export const PEM_TYPE = 'application/x-pem-file';

/** A file name from a CA's name, as the server names its downloads: letters, digits, '.', '_' and '-'. */
export const caFileName = (name: string, suffix: string) => `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'ca'}${suffix}`;

/** The DER bytes of the first PEM block (a CRL, a certificate): the base64 between its BEGIN and END lines. */
export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = /-----BEGIN [^-]+-----([\s\S]*?)-----END [^-]+-----/.exec(pem)?.[1];
  if (body === undefined) throw new Error('The server did not answer with a PEM block.');
  const binary = atob(body.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
