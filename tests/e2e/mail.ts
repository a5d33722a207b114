import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Waits for a mail to `to` written by the server's file mailer (no SMTP_URL) and returns its link. */
export async function waitForMailLink(to: string, after: number, timeoutMs = 10_000): Promise<string> {
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
      // Quoted-printable may wrap long lines with a soft break ("=\n").
      const link = text.replace(/=\r?\n/g, '').match(/https?:\/\/\S+\/auth\/recover-password\/[A-Za-z0-9_-]+/);
      if (link) return link[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail with a password link for ${to}`);
}
