import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailAttachment } from '@care/command-api';

export interface OutgoingMail {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly attachments?: readonly MailAttachment[];
}

const message = (mail: OutgoingMail, from: string) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  messageId: `<${mail.id}@care-platform>`,
  attachments: (mail.attachments ?? []).map(({ filename, contentType, content }) => ({
    filename,
    contentType,
    content,
  })),
});

/** Where a message goes: an SMTP server (SMTP_URL), or a folder of .eml files when none is configured. */
export interface MailTransport {
  readonly name: 'smtp' | 'file';
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP: the well-kept library every Node app uses (pooling, TLS, auth, RFC 5322 encoding). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async deliver(mail) {
      await transporter.sendMail(message(mail, from));
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default without SMTP: nodemailer builds the same message and it is written to `<dir>/<id>.eml`
 * (openable in any mail program), so nothing is silently dropped; the admin panel lists it as written.
 */
export function fileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'file',
    async deliver(mail) {
      const info = await transporter.sendMail(message(mail, from));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${mail.id}.eml`), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}
