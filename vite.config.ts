import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? 8080;

export default defineConfig({
  // vite-plugin-pwa joins this list when the service worker lands; nothing else here depends on it.
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
});
