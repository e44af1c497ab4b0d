import type { TemplateFile } from '@kiln/shared';
import { FAVICON_SVG, NODE_GITIGNORE, file, json } from './define';

export const vueAppFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# Vue 3 Application

A [Vue 3](https://vuejs.org) app with single-file components and \`<script setup>\`, built by
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
- \`src/main.js\`: creates the app and mounts it on \`#app\`
- \`src/App.vue\`: the root component
- \`src/components/HelloWorld.vue\`: a component with props, reactive state and events
- \`src/components/TodoList.vue\`: a list with \`v-for\`, \`v-model\` and a computed value
- \`src/style.css\`: global styles
`,
  ),
  file('.gitignore', NODE_GITIGNORE),
  json('package.json', {
    name: 'vue-app',
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: {
      dev: 'vite',
      build: 'vite build',
      preview: 'vite preview',
    },
    dependencies: {
      vue: '^3.5.0',
    },
    devDependencies: {
      '@vitejs/plugin-vue': '^6.0.0',
      vite: '^8.0.0',
    },
  }),
  file(
    'vite.config.js',
    `
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// https://vite.dev/config/
export default defineConfig({
  plugins: [vue()],
});
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
    <title>Vue 3 App</title>
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
import { createApp } from 'vue';
import App from './App.vue';
import './style.css';

createApp(App).mount('#app');
`,
  ),
  file(
    'src/App.vue',
    `
<script setup>
import HelloWorld from './components/HelloWorld.vue';
import TodoList from './components/TodoList.vue';
</script>

<template>
  <main class="app">
    <HelloWorld msg="Hello, Vue!" />
    <TodoList />
  </main>
</template>

<style scoped>
.app {
  display: grid;
  gap: 1.5rem;
  width: min(640px, 100% - 2rem);
  margin: 0 auto;
  padding: 3rem 0;
}
</style>
`,
  ),
  file(
    'src/components/HelloWorld.vue',
    `
<script setup>
import { ref } from 'vue';

defineProps({
  msg: { type: String, required: true },
});

const count = ref(0);
</script>

<template>
  <section class="card">
    <h1>{{ msg }}</h1>
    <p>
      Edit <code>src/components/HelloWorld.vue</code> and save: the page updates without losing
      its state.
    </p>
    <div class="counter">
      <button type="button" @click="count--">-</button>
      <span aria-live="polite">{{ count }}</span>
      <button type="button" @click="count++">+</button>
    </div>
    <p v-if="count >= 10" class="note">Double digits!</p>
  </section>
</template>

<style scoped>
h1 {
  margin-top: 0;
  color: var(--accent);
}

.counter {
  display: flex;
  align-items: center;
  gap: 1rem;
}

.counter span {
  min-width: 3ch;
  font-size: 1.8rem;
  font-weight: 700;
  text-align: center;
}

.note {
  color: var(--accent);
  font-weight: 600;
}
</style>
`,
  ),
  file(
    'src/components/TodoList.vue',
    `
<script setup>
import { computed, ref } from 'vue';

const newTodo = ref('');
const todos = ref([
  { id: 1, text: 'Read the Vue guide', done: true },
  { id: 2, text: 'Build a component', done: false },
]);

const remaining = computed(() => todos.value.filter((todo) => !todo.done).length);

function addTodo() {
  const text = newTodo.value.trim();
  if (!text) return;
  todos.value.push({ id: Date.now(), text, done: false });
  newTodo.value = '';
}

function removeTodo(id) {
  todos.value = todos.value.filter((todo) => todo.id !== id);
}
</script>

<template>
  <section class="card">
    <h2>Todos ({{ remaining }} left)</h2>
    <form class="add" @submit.prevent="addTodo">
      <input v-model="newTodo" placeholder="What needs doing?" aria-label="New todo" />
      <button type="submit">Add</button>
    </form>
    <ul>
      <li v-for="todo in todos" :key="todo.id">
        <label :class="{ done: todo.done }">
          <input v-model="todo.done" type="checkbox" />
          {{ todo.text }}
        </label>
        <button type="button" class="remove" :aria-label="'Remove ' + todo.text" @click="removeTodo(todo.id)">
          &times;
        </button>
      </li>
    </ul>
    <p v-if="todos.length === 0">Nothing left to do.</p>
  </section>
</template>

<style scoped>
h2 {
  margin-top: 0;
}

.add {
  display: flex;
  gap: 0.5rem;
}

.add input {
  flex: 1;
}

ul {
  padding: 0;
  list-style: none;
}

li {
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0.4rem 0;
}

label {
  display: flex;
  align-items: center;
  gap: 0.5rem;
}

.done {
  text-decoration: line-through;
  opacity: 0.6;
}

.remove {
  border: 0;
  background: none;
  font-size: 1.2rem;
  color: inherit;
  opacity: 0.6;
}
</style>
`,
  ),
  file(
    'src/style.css',
    `
:root {
  --accent: #42b883;
  --surface: rgba(127, 127, 127, 0.08);
  --border: rgba(127, 127, 127, 0.25);
  font-family: system-ui, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.5;
  color-scheme: light dark;
  color: #213547;
  background: #ffffff;
}

@media (prefers-color-scheme: dark) {
  :root {
    color: rgba(255, 255, 255, 0.87);
    background: #1a1a1a;
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
  padding: 0.5rem 1rem;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: var(--surface);
  color: inherit;
  cursor: pointer;
}

button:hover {
  border-color: var(--accent);
}

input:not([type='checkbox']) {
  padding: 0.5rem 0.75rem;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: transparent;
  color: inherit;
}

.card {
  padding: 1.5rem;
  border: 1px solid var(--border);
  border-radius: 16px;
  background: var(--surface);
}
`,
  ),
];
