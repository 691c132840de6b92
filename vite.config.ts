import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firebaseUiOffline } from './src/ui/auth/vite-firebaseui-offline';
import { presetThumbnails } from './src/library/vitePresetThumbnails';
import { API_PREFIXES, SOCKET_PATHS } from './src/api/contract';

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
      ...Object.fromEntries(
        API_PREFIXES.map((prefix) => [prefix, SOCKET_PATHS.includes(prefix) ? { target: 'ws://localhost:8080', ws: true } : 'http://localhost:8080']),
      ),
    },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 500, rolldownOptions: { treeshake: { moduleSideEffects: pureModule } } },
});
