import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress.ts';
import { pwaOptions } from './build/pwa.ts';
import { createApiProxy } from './server/api-proxy.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Dev server: the same one-origin routing as the production server (reads and socket.io to read-api,
 * writes to command-api), so cookies and read-your-writes behave the same in development.
 */
function apiProxyPlugin(): Plugin {
  return {
    name: 'care-api-proxy',
    configureServer(server) {
      const proxy = createApiProxy({
        commandApiUrl: process.env.COMMAND_API_URL ?? 'http://127.0.0.1:3001',
        readApiUrl: process.env.READ_API_URL ?? 'http://127.0.0.1:3002',
        log: (obj, msg) => server.config.logger.warn(`${msg} ${JSON.stringify(obj)}`),
      });
      server.middlewares.use((req, res, next) => {
        if (!proxy.handleRequest(req, res)) next();
      });
      server.httpServer?.on('upgrade', (req, socket, head) => {
        proxy.handleUpgrade(req, socket, head);
      });
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), apiProxyPlugin(), precompress(), VitePWA(pwaOptions)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunk holds each screen (e2e/front-door.e2e.test.ts checks what a first visit loads).
    manifest: true,
    rolldownOptions: {
      output: {
        /*
         * React changes less often than our code: its own chunk stays cached across releases. Every other library
         * goes where the route chunks (router.tsx) put it: one catch-all vendor chunk put recharts, TanStack Table
         * and Radix into the first load of every screen.
         */
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: { port: 5173 },
});
