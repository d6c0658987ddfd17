// Svelte's compiler options for the renderer (read by vite-plugin-svelte and svelte-check).
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default {
  preprocess: vitePreprocess(),
  compilerOptions: { runes: true },
};
