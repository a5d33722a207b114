import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.ts';

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

  it('the bundled server (npm run build) starts with plain node on a fresh database, migrates, seeds and signs a demo user in', async () => {
    // The bundle imports its packages from node_modules: it is built inside the project, as dist-server/ is.
    await mkdir('.tmp', { recursive: true });
    const [outDir, dataDir] = await Promise.all([mkdtemp(path.resolve('.tmp', 'bundle-')), mkdtemp(path.join(tmpdir(), 'ce-startup-'))]);
    const main = await buildServer({ outDir });
    // A port of its own: 0 would leave the test guessing which port the server took.
    const port = 18_400 + Math.floor(Math.random() * 500);
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const url = `http://127.0.0.1:${port}`;
      // Polls until healthy (or the process ended): the first start migrates and seeds.
      let health: Response | undefined;
      while (child.exitCode === null && !health?.ok) {
        health = await fetch(`${url}/api/health`).catch(() => undefined);
        if (!health?.ok) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(child.exitCode, stderr).toBeNull();
      const login = await fetch(`${url}/api/usuario/login`, {
        method: 'POST',
        headers: { database: 'sc', 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'analista@demo.local', senha: 'demo1234' }),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toHaveProperty('token');
    } finally {
      child.kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
      await rm(outDir, { recursive: true, force: true });
    }
  }, 180_000);
});
