import fs from 'node:fs/promises';
import path from 'node:path';

/** One message written by the dev mailer (server/src/modules/mail/mailer.ts). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  sentAt: string;
}

/** The test app whose outbox is read: its data folder, and a wait for its mail jobs. */
export interface MailingApp {
  dataDir: string;
  settled(): Promise<void>;
}

/**
 * Every mail in a test app's outbox, oldest first, once the mail jobs due have run; an app
 * that sent nothing has none.
 */
export async function readOutbox(app: MailingApp): Promise<OutboxMail[]> {
  await app.settled();
  const dir = path.join(app.dataDir, 'outbox');
  let files: string[];
  try {
    files = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const mails = await Promise.all(
    files
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map(
        async (file) => JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as OutboxMail,
      ),
  );
  return mails.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** The mails sent to one address (compared case-insensitively), oldest first. */
export async function mailsTo(app: MailingApp, to: string): Promise<OutboxMail[]> {
  const wanted = to.trim().toLowerCase();
  return (await readOutbox(app)).filter((mail) => mail.to.toLowerCase() === wanted);
}

/** The newest mail to an address; fails the test when there is none. */
export async function lastMailTo(app: MailingApp, to: string): Promise<OutboxMail> {
  const mail = (await mailsTo(app, to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to} in the outbox`);
  return mail;
}

/** The `token` query parameter of a mail's link, as the verify and reset pages read it. */
export function tokenFromMail(mail: OutboxMail): string {
  if (!mail.link) throw new Error(`mail "${mail.subject}" has no link`);
  const token = new URL(mail.link).searchParams.get('token');
  if (!token) throw new Error(`link ${mail.link} has no token`);
  return token;
}
