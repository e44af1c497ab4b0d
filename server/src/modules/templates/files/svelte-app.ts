import type { TemplateFile } from '@kiln/shared';
import { FAVICON_SVG, NODE_GITIGNORE, file, json } from './define';

export const svelteAppFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# Svelte Application

A [Svelte 5](https://svelte.dev) app using runes (\`$state\`, \`$derived\`, \`$props\`), built by
[Vite](https://vite.dev).

## Run it

\`\`\`bash
npm install
npm run dev       # http://localhost:5173 with hot reload
npm run build     # production build in dist/
npm run preview   # serve the production build locally
\`\`\`

## Where things are

- \`index.html\`: the page Vite serves; it loads \`src/main.js\`
- \`src/main.js\`: mounts \`App.svelte\` on \`#app\`
- \`src/App.svelte\`: the root component
- \`src/lib/Counter.svelte\`: a reusable component with props and state
- \`src/app.css\`: global styles

Need routing, server rendering or API endpoints? Look at
[SvelteKit](https://svelte.dev/docs/kit), the official application framework for Svelte.
`,
  ),
  file('.gitignore', NODE_GITIGNORE),
  json('package.json', {
    name: 'svelte-app',
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: {
      dev: 'vite',
      build: 'vite build',
      preview: 'vite preview',
    },
    devDependencies: {
      '@sveltejs/vite-plugin-svelte': '^7.0.0',
      svelte: '^5.40.0',
      vite: '^8.0.0',
    },
  }),
  file(
    'vite.config.js',
    `
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// https://vite.dev/config/
export default defineConfig({
  plugins: [svelte()],
});
`,
  ),
  file(
    'svelte.config.js',
    `
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

// Read by the Vite plugin and by editor tooling (svelte-check, the Svelte language server).
/** @type {import('@sveltejs/vite-plugin-svelte').SvelteConfig} */
export default {
  // Lets components use <script lang="ts"> and PostCSS in <style> when you want them.
  preprocess: vitePreprocess(),
};
`,
  ),
  file(
    'index.html',
    `
<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Svelte App</title>
  </head>
  <body>
    <div id="app"></div>
    <script type="module" src="/src/main.js"></script>
  </body>
</html>
`,
  ),
  file('public/favicon.svg', FAVICON_SVG),
  file(
    'src/main.js',
    `
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';

const app = mount(App, {
  target: document.getElementById('app'),
});

export default app;
`,
  ),
  file(
    'src/App.svelte',
    `
<script>
  import Counter from './lib/Counter.svelte';

  let name = $state('world');
  let greeting = $derived(name.trim() ? \`Hello, \${name.trim()}!\` : 'Hello!');
</script>

<main>
  <h1>{greeting}</h1>
  <p>
    Edit <code>src/App.svelte</code> and save to see the change instantly.
  </p>

  <label class="name">
    Your name
    <input bind:value={name} />
  </label>

  <div class="counters">
    <Counter label="Cups of tea" />
    <Counter label="Pages read" step={5} />
  </div>
</main>

<style>
  main {
    width: min(640px, 100% - 2rem);
    margin: 0 auto;
    padding: 3rem 0;
  }

  h1 {
    color: var(--accent);
    font-size: 2.6rem;
    margin-bottom: 0.5rem;
  }

  .name {
    display: grid;
    gap: 0.35rem;
    max-width: 20rem;
    margin: 1.5rem 0;
    font-weight: 600;
  }

  .counters {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
    gap: 1rem;
  }
</style>
`,
  ),
  file(
    'src/lib/Counter.svelte',
    `
<script>
  /** @type {{ label: string, step?: number }} */
  let { label, step = 1 } = $props();

  let count = $state(0);
  let isLarge = $derived(count >= step * 10);
</script>

<section class="counter">
  <h2>{label}</h2>
  <div class="controls">
    <button type="button" onclick={() => (count -= step)} aria-label="Decrease {label}">-</button>
    <output class:large={isLarge}>{count}</output>
    <button type="button" onclick={() => (count += step)} aria-label="Increase {label}">+</button>
  </div>
  <button type="button" class="reset" onclick={() => (count = 0)} disabled={count === 0}>
    Reset
  </button>
</section>

<style>
  .counter {
    padding: 1.25rem;
    border: 1px solid var(--border);
    border-radius: 14px;
    background: var(--surface);
  }

  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.1rem;
  }

  .controls {
    display: flex;
    align-items: center;
    gap: 1rem;
  }

  output {
    min-width: 3ch;
    font-size: 1.8rem;
    font-weight: 700;
    text-align: center;
    transition: color 0.2s;
  }

  output.large {
    color: var(--accent);
  }

  .reset {
    margin-top: 0.75rem;
  }
</style>
`,
  ),
  file(
    'src/app.css',
    `
:root {
  --accent: #ff3e00;
  --surface: rgba(127, 127, 127, 0.08);
  --border: rgba(127, 127, 127, 0.25);
  font-family: system-ui, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.5;
  color-scheme: light dark;
  color: #1f2328;
  background: #ffffff;
}

@media (prefers-color-scheme: dark) {
  :root {
    color: rgba(255, 255, 255, 0.88);
    background: #181a1f;
  }
}

body {
  margin: 0;
}

code {
  font-family: ui-monospace, Consolas, monospace;
}

button,
input {
  font: inherit;
}

button {
  padding: 0.45rem 0.95rem;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: var(--surface);
  color: inherit;
  cursor: pointer;
}

button:hover:not(:disabled) {
  border-color: var(--accent);
}

button:disabled {
  opacity: 0.5;
  cursor: default;
}

input {
  padding: 0.5rem 0.75rem;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: transparent;
  color: inherit;
}
`,
  ),
];
