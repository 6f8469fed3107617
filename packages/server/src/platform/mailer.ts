import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

/** A file the mail carries (a scheduled report's CSV). */
export type MailAttachment = { filename: string; content: string | Buffer; contentType?: string };
export type Mail = { to: string | string[]; subject: string; text: string; attachments?: MailAttachment[] };

/**
 * Outgoing mail. With SMTP_URL, nodemailer delivers over SMTP; without it (the embedded default) each
 * mail is written as an .eml file to DATA_DIR/outbox, so a newcomer can open the link it carries.
 * send() answers where an outbox mail was written, for the log; never the mail's content.
 */
export function createMailer(mail: Config['mail']) {
  const smtp = mail.smtpUrl ? nodemailer.createTransport(mail.smtpUrl) : null;
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    /** Links in mails start here. */
    publicUrl: mail.publicUrl,

    /** rejected: the recipients the SMTP server refused while it accepted the others (it throws when it accepts none). */
    async send(message: Mail): Promise<{ file: string | null; rejected: string[] }> {
      const envelope = { from: mail.from, ...message };
      if (smtp) {
        const info = await smtp.sendMail(envelope);
        return { file: null, rejected: ((info.rejected ?? []) as (string | { address: string })[]).map((r) => (typeof r === 'string' ? r : r.address)) };
      }
      const info = await stream.sendMail(envelope);
      await mkdir(mail.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(mail.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { file, rejected: [] };
    },

    close(): void {
      smtp?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;

/**
 * Sends a mail once the request's transaction has committed, so a refused or rolled-back request never
 * mails. Delivery runs after the answer and its failure is logged, not answered: the change stands and
 * the answer does not reveal (or wait for) the mail.
 */
export function mailAfterCommit(request: FastifyRequest, mailer: Mailer, mail: Mail): void {
  request.afterCommit.push(async () => {
    try {
      const { file } = await mailer.send(mail);
      if (file) request.log.info({ file, subject: mail.subject }, 'mail written to the outbox');
      else request.log.info({ subject: mail.subject }, 'mail sent');
    } catch (error) {
      request.log.error({ err: error, subject: mail.subject }, 'mail could not be sent');
    }
  });
}
