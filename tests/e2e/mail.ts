import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The lost-password link, the mail most tests wait for. */
const RECOVER_LINK = /https?:\/\/\S+\/auth\/recover-password\/[A-Za-z0-9_-]+/;

/** A quoted-printable body as text: soft line breaks joined and "=XX" bytes decoded (a link's "=" is "=3D"). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

/**
 * Waits for a mail to `to` written by the server's file mailer (no SMTP_URL) after `after` and
 * returns the first link matching `pattern` (the lost-password link unless told otherwise).
 */
export async function waitForMailLink(to: string, after: number, { pattern = RECOVER_LINK, timeoutMs = 10_000 } = {}): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      if (!file.includes(to)) continue;
      const full = path.join(dir, file);
      const text = await readFile(full, 'utf8');
      const stamp = Date.parse(file.slice(0, 24).replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z/, '$1:$2:$3.$4Z'));
      if (stamp < after) continue;
      const link = decodeQuotedPrintable(text).match(pattern);
      if (link) return link[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail with a link matching ${pattern} for ${to}`);
}
