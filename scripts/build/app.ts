import { execSync } from 'node:child_process';

/**
 * The app's build (`npm run build`, the bench): the boot scan, then the real build
 * (scripts/build/boot-chunk.ts says why two passes).
 */
export function buildApp(): void {
  execSync('npx vite build --logLevel warn', { stdio: 'inherit', env: { ...process.env, BOOT_SCAN: '1' } });
  execSync('npx vite build', { stdio: 'inherit', env: { ...process.env, BOOT_SCAN: '' } });
}

if (import.meta.url === `file://${process.argv[1]}`) buildApp();
