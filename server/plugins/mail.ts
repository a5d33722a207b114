import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes an .eml file under DATA_DIR/mail and its
 * links are logged, so no mail is ever silently dropped in development or on an offline install.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  // nodemailer loads with the first message, not with every start of the server (issue 32, item 9).
  let transporter: Promise<Transporter> | undefined;
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      opts.smtpUrl
        ? nodemailer.createTransport(opts.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  if (opts.smtpUrl) {
    return {
      async send(message) {
        await (await transport()).sendMail({ from: opts.from, ...message });
        opts.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: opts.from, ...message });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info({ to: message.to, subject: message.subject, file, links }, 'mail written to file (SMTP_URL not set)');
    },
  };
}
