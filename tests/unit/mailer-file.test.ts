import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../server/plugins/mail.ts';

/** nodemailer now loads with the first message (issue 32, item 9): a message still becomes an .eml file. */
describe('createMailer without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail, nodemailer loaded on first use', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-mail-'));
    try {
      const mailer = createMailer({ from: 'nao-responda@demo.local', dataDir, log: { info: () => {} } as unknown as FastifyBaseLogger });
      await mailer.send({ to: 'ana@demo.local', subject: 'Redefinição de senha', text: 'Acesse http://localhost/redefinir' });
      await mailer.send({ to: 'bruno@demo.local', subject: 'Segunda', text: 'Olá' });
      const files = await readdir(path.join(dataDir, 'mail'));
      expect(files).toHaveLength(2);
      const first = await readFile(path.join(dataDir, 'mail', files.find((f) => f.includes('ana'))!), 'utf8');
      expect(first).toContain('To: ana@demo.local');
      expect(first).toContain('http://localhost/redefinir');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
