import { defineConfig } from 'vite';

export default defineConfig({
  // Relative asset URLs: the built page works wherever it is served from.
  base: './',
  build: {
    target: 'es2022',
    // The Firebase SDK (auth, Firestore, functions) is most of the bundle, and one chunk loads fastest here.
    chunkSizeWarningLimit: 1200,
    // The lobby, and beside it the operator view (admin accounts only).
    rollupOptions: { input: { main: 'index.html', operator: 'operator.html' } },
  },
});
