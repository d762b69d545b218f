import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs beside Vite (npm run dev); the browser talks to one origin.
export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
