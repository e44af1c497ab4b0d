import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

interface OutboxMail {
  to: string;
  subject: string;
  link?: string;
}

/** The newest mail to `to` in the server's dev outbox, waiting for it to arrive. */
export async function latestMailTo(to: string, subject: RegExp): Promise<OutboxMail> {
  const dir = path.join(process.env.KILN_E2E_DATA_DIR ?? '', 'outbox');
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const files = (await readdir(dir).catch(() => [] as string[]))
        .filter((file) => file.endsWith('.json'))
        .sort()
        .reverse();
      for (const file of files) {
        const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxMail;
        if (mail.to === to && subject.test(mail.subject)) {
          found = mail;
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return found as OutboxMail;
}
