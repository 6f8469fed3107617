import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('mailer without SMTP_URL', () => {
  it('writes each mail as an .eml file to the outbox and answers its path', async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'keydeck-mail-')), 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'Keydeck <no-reply@keydeck.test>', publicUrl: 'http://x', outboxDir });
    const { file } = await mailer.send({ to: 'ada@example.test', subject: 'Hello', text: 'Open http://x/forgot/reset?token=abc' });
    expect(readdirSync(outboxDir)).toHaveLength(1);
    expect(file).toMatch(/\.eml$/);
    const eml = readFileSync(file!, 'utf8');
    expect(eml).toContain('To: ada@example.test');
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('http://x/forgot/reset?token=abc');
  });
});
