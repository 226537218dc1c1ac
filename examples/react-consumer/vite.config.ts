import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/examples/react-consumer/',
  plugins: [react()],
  build: { outDir: process.env.CONSUMER_OUT_DIR ?? 'dist', emptyOutDir: true },
});
