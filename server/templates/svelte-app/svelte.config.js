import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

// Read by the Vite plugin and by editor tooling (svelte-check, the Svelte language server).
/** @type {import('@sveltejs/vite-plugin-svelte').SvelteConfig} */
export default {
  // Lets components use <script lang="ts"> and PostCSS in <style> when you want them.
  preprocess: vitePreprocess(),
};
