import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link a person must follow; printed to the log in the dev outbox. */
  link?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

/** SMTP when `SMTP_URL` is set; else a dev outbox of JSON files in DATA_DIR (decision 0003). */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = `${Date.now()}-${randomBytes(4).toString('hex')}.json`;
      const record = { ...message, from: options.from, sentAt: new Date().toISOString() };
      // Written aside, then renamed into place: whoever reads the outbox (a person, the end-to-end
      // tests) never finds a mail half written.
      const staged = path.join(options.outboxDir, `.${file}.partial`);
      await fs.writeFile(staged, JSON.stringify(record, null, 2));
      await fs.rename(staged, path.join(options.outboxDir, file));
      options.log.info(
        { to: message.to, subject: message.subject, link: message.link },
        `mail written to the dev outbox${message.link ? `: ${message.link}` : ''}`,
      );
    },
  };
}
