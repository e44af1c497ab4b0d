import type { MailMessage } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(heading: string, paragraphs: string[], action: { label: string; url: string }) {
  const body = paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:520px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>${body}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#ea580c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#666;font-size:12px">If the button does not work, paste this link into your browser: ${escapeHtml(action.url)}</p>
<p style="color:#666;font-size:12px">Kiln</p></body></html>`;
}

export function verificationEmail(to: string, link: string, hours: number): MailMessage {
  const lines = [
    'Welcome to Kiln! Confirm that this is your email address so we can reach you about your account.',
    `The link works once and expires in ${hours} hours.`,
  ];
  return {
    to,
    subject: 'Verify your Kiln email address',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout('Verify your email address', lines, { label: 'Verify email', url: link }),
    link,
  };
}

export function passwordResetEmail(to: string, link: string, minutes: number): MailMessage {
  const lines = [
    'Someone asked to reset the password of your Kiln account. If it was you, choose a new password with the link below.',
    `The link works once and expires in ${minutes} minutes. Resetting signs you out everywhere else.`,
    'If you did not ask for this, you can ignore this email; your password stays as it is.',
  ];
  return {
    to,
    subject: 'Reset your Kiln password',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', url: link }),
    link,
  };
}

export function projectInvitationEmail(options: {
  to: string;
  inviterName: string;
  projectName: string;
  role: 'editor' | 'viewer';
  link: string;
}): MailMessage {
  const { to, inviterName, projectName, role, link } = options;
  const can =
    role === 'editor'
      ? 'As an editor you can change its files, run it and ask the AI to work on it.'
      : 'As a viewer you can read its files and see its preview.';
  const lines = [
    `${inviterName} added you to the Kiln project "${projectName}" as ${role === 'editor' ? 'an editor' : 'a viewer'}.`,
    can,
    'It is listed under "Shared with you" on your dashboard.',
  ];
  return {
    to,
    subject: `${inviterName} shared "${projectName}" with you on Kiln`,
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout(`You were added to ${projectName}`, lines, {
      label: 'Open the project',
      url: link,
    }),
    link,
  };
}
