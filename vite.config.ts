import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firebaseUiOffline } from './src/ui/auth/vite-firebaseui-offline';
import { presetThumbnails } from './src/library/vitePresetThumbnails';

// src/pose is pure (its modules only declare; lint:deps keeps it free of imports): marking it free of
// side effects lets each page take just the pose modules it uses through the src/pose barrel, so the
// PNG read-back, exporters and JSON reading stay out of pages that do not use them. Other modules keep
// the default (a package's own "sideEffects" field).
const pureModule = (id: string) => (/\/src\/pose\//.test(id) ? false : undefined);

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
  build: { sourcemap: false, chunkSizeWarningLimit: 500, rolldownOptions: { treeshake: { moduleSideEffects: pureModule } } },
});
