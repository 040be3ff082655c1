import { defineConfig } from 'vite';

export default defineConfig({
  // Relative asset URLs: the built page works wherever it is served from.
  base: './',
  build: {
    target: 'es2022',
    // The Firebase SDK (auth, Firestore, functions) is most of the bundle, and one chunk loads fastest here.
    chunkSizeWarningLimit: 1200,
  },
});
