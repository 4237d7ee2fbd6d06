import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:' + (process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/dev': api,
      '/docs': api,
      '/epc': api,
      '/payCenter': api,
      '/uploads': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
});
