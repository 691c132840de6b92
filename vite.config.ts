import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firebaseUiOffline } from './src/ui/auth/vite-firebaseui-offline';
import { presetThumbnails } from './src/library/vitePresetThumbnails';

export default defineConfig({
  plugins: [react(), firebaseUiOffline(), presetThumbnails()],
  server: {
    port: 5173,
    // The dev server forwards API calls to the Fastify server started by `npm run dev`.
    proxy: {
      '/v1': 'http://localhost:8080',
      '/app-config.json': 'http://localhost:8080',
      '/ws_estimator': { target: 'ws://localhost:8080', ws: true },
    },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 500 },
});
