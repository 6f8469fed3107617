import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * Mails the server wrote to its outbox (it runs without SMTP_URL): the newest .eml file addressed to `to`,
 * waiting up to a few seconds for it. Quoted-printable soft line breaks are undone so links read whole.
 */
export async function waitForMail(to: string, after: Date): Promise<string> {
  const dir = inject('outboxDir');
  for (let waited = 0; waited < 10_000; waited += 100) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.eml')).sort().reverse()) {
      const file = join(dir, name);
      if ((await stat(file)).mtimeMs < after.getTime() - 1000) continue;
      const text = (await readFile(file, 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (new RegExp(`^To: ${to}$`, 'm').test(text)) return text;
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`No mail to ${to} arrived in ${dir}`);
}

/** The password link a mail carries, as a path the browser can open. */
export function passwordLinkIn(mail: string): string {
  const match = /https?:\/\/[^/\s]+(\/forgot\/reset\?token=[\w-]+(?:&invite=1)?)/.exec(mail);
  if (!match?.[1]) throw new Error('The mail carries no password link');
  return match[1];
}

/** The registration confirmation link a mail carries, as a path the browser can open. */
export function registrationLinkIn(mail: string): string {
  const match = /https?:\/\/[^/\s]+(\/register\?token=[\w-]+)/.exec(mail);
  if (!match?.[1]) throw new Error('The mail carries no registration link');
  return match[1];
}
