// The renderer's build: Svelte 5 through Vite into dist/renderer, which the browser host and the
// Electron shell both serve. Relative asset paths, so that either origin (http://127.0.0.1:port
// or app://desk) finds them.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // Electron 41's Chromium and Debian's; nothing older opens the app.
    target: 'chrome120',
    // No inline scripts or eval anywhere: the CSP allows only 'self'.
    modulePreload: { polyfill: false },
  },
});
