import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('start-up (issue 25, item 7)', () => {
  it('a DATABASE_URL that cannot be reached exits non-zero with one line naming the host and port', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-startup-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      const lines = stderr.trim().split('\n');
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toContain('127.0.0.1:1');
      expect(lines[0]).toContain('ECONNREFUSED');
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stdout).toBe('');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
