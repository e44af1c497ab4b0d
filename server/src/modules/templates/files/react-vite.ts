import type { TemplateFile } from '@kiln/shared';
import { FAVICON_SVG, NODE_GITIGNORE, file, json } from './define';

export const reactViteFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# React + Vite

A React 19 single-page app in TypeScript, built and served by [Vite](https://vite.dev).

## Run it

\`\`\`bash
npm install
npm run dev       # development server with hot reload on http://localhost:5173
npm run build     # type-check, then build to dist/
npm run preview   # serve the production build locally
\`\`\`

## Where things are

- \`index.html\`: the page Vite serves; it loads \`src/main.tsx\`
- \`src/main.tsx\`: mounts the app into \`#root\`
- \`src/App.tsx\`: the app itself (a counter and a small task list to start from)
- \`src/index.css\`, \`src/App.css\`: global and component styles
- \`public/\`: files copied as they are (the favicon)
`,
  ),
  file('.gitignore', NODE_GITIGNORE),
  json('package.json', {
    name: 'react-vite-app',
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: {
      dev: 'vite',
      build: 'tsc && vite build',
      preview: 'vite preview',
    },
    dependencies: {
      react: '^19.2.0',
      'react-dom': '^19.2.0',
    },
    devDependencies: {
      '@types/react': '^19.2.0',
      '@types/react-dom': '^19.2.0',
      '@vitejs/plugin-react': '^6.0.0',
      typescript: '~7.0.2',
      vite: '^8.0.0',
    },
  }),
  file(
    'vite.config.ts',
    `
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// https://vite.dev/config/
export default defineConfig({
  plugins: [react()],
});
`,
  ),
  json('tsconfig.json', {
    compilerOptions: {
      target: 'ES2023',
      lib: ['ES2023', 'DOM'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      moduleDetection: 'force',
      jsx: 'react-jsx',
      types: ['vite/client'],
      allowImportingTsExtensions: true,
      verbatimModuleSyntax: true,
      noEmit: true,
      skipLibCheck: true,
      strict: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      noFallthroughCasesInSwitch: true,
    },
    include: ['src', 'vite.config.ts'],
  }),
  file(
    'index.html',
    `
<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>React + Vite</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
  ),
  file('public/favicon.svg', FAVICON_SVG),
  file(
    'src/main.tsx',
    `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
  ),
  file(
    'src/App.tsx',
    `
import { useState, type FormEvent } from 'react';
import './App.css';

interface Task {
  id: number;
  title: string;
  done: boolean;
}

function App() {
  const [count, setCount] = useState(0);
  const [tasks, setTasks] = useState<Task[]>([
    { id: 1, title: 'Edit src/App.tsx and save', done: false },
    { id: 2, title: 'Watch the page update instantly', done: false },
  ]);
  const [title, setTitle] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return;
    setTasks((current) => [...current, { id: Date.now(), title: trimmed, done: false }]);
    setTitle('');
  }

  function toggleTask(id: number) {
    setTasks((current) =>
      current.map((task) => (task.id === id ? { ...task, done: !task.done } : task)),
    );
  }

  const remaining = tasks.filter((task) => !task.done).length;

  return (
    <main className="app">
      <header>
        <h1>React + Vite</h1>
        <p className="subtitle">
          Edit <code>src/App.tsx</code> and save to see hot module replacement.
        </p>
      </header>

      <section className="card">
        <h2>Counter</h2>
        <div className="counter">
          <button type="button" onClick={() => setCount((value) => value - 1)} aria-label="Decrease">
            -
          </button>
          <output aria-live="polite">{count}</output>
          <button type="button" onClick={() => setCount((value) => value + 1)} aria-label="Increase">
            +
          </button>
        </div>
        <button type="button" className="link-button" onClick={() => setCount(0)}>
          Reset
        </button>
      </section>

      <section className="card">
        <h2>Tasks ({remaining} left)</h2>
        <form className="task-form" onSubmit={handleSubmit}>
          <input
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            placeholder="Add a task"
            aria-label="New task"
          />
          <button type="submit">Add</button>
        </form>
        <ul className="tasks">
          {tasks.map((task) => (
            <li key={task.id}>
              <label className={task.done ? 'done' : undefined}>
                <input type="checkbox" checked={task.done} onChange={() => toggleTask(task.id)} />
                {task.title}
              </label>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export default App;
`,
  ),
  file(
    'src/index.css',
    `
:root {
  font-family: system-ui, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.5;
  color-scheme: light dark;
  color: #1f2330;
  background: #f6f7fb;
  font-synthesis: none;
  text-rendering: optimizeLegibility;
  -webkit-font-smoothing: antialiased;
}

@media (prefers-color-scheme: dark) {
  :root {
    color: #e8eaf2;
    background: #14161d;
  }
}

body {
  margin: 0;
  min-height: 100vh;
}

code {
  font-family: ui-monospace, Consolas, monospace;
  font-size: 0.9em;
  padding: 0.15em 0.4em;
  border-radius: 6px;
  background: rgba(127, 127, 127, 0.15);
}

button {
  font: inherit;
  cursor: pointer;
}
`,
  ),
  file(
    'src/App.css',
    `
.app {
  max-width: 640px;
  margin: 0 auto;
  padding: 3rem 1.25rem;
}

.app h1 {
  margin: 0;
  font-size: 2.5rem;
  background: linear-gradient(90deg, #61dafb, #a855f7);
  background-clip: text;
  color: transparent;
}

.subtitle {
  margin-top: 0.5rem;
  opacity: 0.8;
}

.card {
  margin-top: 1.5rem;
  padding: 1.5rem;
  border-radius: 16px;
  background: rgba(127, 127, 127, 0.08);
  border: 1px solid rgba(127, 127, 127, 0.2);
}

.card h2 {
  margin-top: 0;
  font-size: 1.2rem;
}

.counter {
  display: flex;
  align-items: center;
  gap: 1rem;
}

.counter button {
  width: 2.75rem;
  height: 2.75rem;
  border: 0;
  border-radius: 50%;
  background: #646cff;
  color: #fff;
  font-size: 1.4rem;
}

.counter output {
  min-width: 3ch;
  font-size: 2rem;
  font-weight: 700;
  text-align: center;
}

.link-button {
  margin-top: 0.75rem;
  padding: 0;
  border: 0;
  background: none;
  color: #646cff;
  text-decoration: underline;
}

.task-form {
  display: flex;
  gap: 0.5rem;
}

.task-form input {
  flex: 1;
  font: inherit;
  padding: 0.55rem 0.75rem;
  border: 1px solid rgba(127, 127, 127, 0.35);
  border-radius: 8px;
  background: transparent;
  color: inherit;
}

.task-form button {
  padding: 0.55rem 1rem;
  border: 0;
  border-radius: 8px;
  background: #646cff;
  color: #fff;
}

.tasks {
  padding: 0;
  margin: 1rem 0 0;
  list-style: none;
}

.tasks li + li {
  margin-top: 0.5rem;
}

.tasks label {
  display: flex;
  align-items: center;
  gap: 0.6rem;
}

.tasks .done {
  text-decoration: line-through;
  opacity: 0.6;
}
`,
  ),
];
