import type { TemplateFile } from '@kiln/shared';
import { FAVICON_SVG, NODE_GITIGNORE, file, json } from './define';

export const reactRouterFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# React with Router

A multi-page React 19 app in TypeScript with client-side routing by
[React Router](https://reactrouter.com) 7, built by [Vite](https://vite.dev).

## Run it

\`\`\`bash
npm install
npm run dev       # http://localhost:5173
npm run build     # type-check, then build to dist/
npm run preview   # serve the production build locally
\`\`\`

## Routes

| Path         | Page                                  |
| ------------ | ------------------------------------- |
| \`/\`          | \`src/pages/HomePage.tsx\`              |
| \`/about\`     | \`src/pages/AboutPage.tsx\`             |
| \`/items/:id\` | \`src/pages/ItemPage.tsx\` (dynamic)    |
| anything else | \`src/pages/NotFoundPage.tsx\`       |

Routes are declared in \`src/App.tsx\`; every page renders inside \`src/components/Layout.tsx\`,
which holds the navigation. To add a page, create it in \`src/pages/\` and add a \`<Route>\`.

When you deploy, configure the host to answer every path with \`index.html\` so deep links
such as \`/items/2\` load the app (the dev and preview servers already do this).
`,
  ),
  file('.gitignore', NODE_GITIGNORE),
  json('package.json', {
    name: 'react-router-app',
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
      'react-router': '^7.9.0',
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
    <title>React Router App</title>
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
import { BrowserRouter } from 'react-router';
import App from './App.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
`,
  ),
  file(
    'src/App.tsx',
    `
import { Route, Routes } from 'react-router';
import Layout from './components/Layout.tsx';
import AboutPage from './pages/AboutPage.tsx';
import HomePage from './pages/HomePage.tsx';
import ItemPage from './pages/ItemPage.tsx';
import NotFoundPage from './pages/NotFoundPage.tsx';

function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="items/:id" element={<ItemPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export default App;
`,
  ),
  file(
    'src/components/Layout.tsx',
    `
import { Link, NavLink, Outlet } from 'react-router';

function Layout() {
  return (
    <div className="layout">
      <header className="header">
        <Link to="/" className="brand">
          Field Guide
        </Link>
        <nav aria-label="Main">
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/about">About</NavLink>
        </nav>
      </header>
      <main className="content">
        <Outlet />
      </main>
      <footer className="footer">Built with React Router and Vite.</footer>
    </div>
  );
}

export default Layout;
`,
  ),
  file(
    'src/data/items.ts',
    `
export interface Item {
  id: string;
  name: string;
  habitat: string;
  description: string;
}

export const items: Item[] = [
  {
    id: '1',
    name: 'Red fox',
    habitat: 'Woodland edges, farmland and towns',
    description: 'A small, adaptable hunter with a bushy white-tipped tail.',
  },
  {
    id: '2',
    name: 'European badger',
    habitat: 'Deciduous woods with soft soil for digging',
    description: 'A striped night-time forager that lives in family groups in a sett.',
  },
  {
    id: '3',
    name: 'Barn owl',
    habitat: 'Open grassland and old farm buildings',
    description: 'A pale owl that hunts by sound, gliding low over fields at dusk.',
  },
];

export function findItem(id: string): Item | undefined {
  return items.find((item) => item.id === id);
}
`,
  ),
  file(
    'src/pages/HomePage.tsx',
    `
import { Link } from 'react-router';
import { items } from '../data/items.ts';

function HomePage() {
  return (
    <>
      <h1>Field Guide</h1>
      <p className="lead">Pick an animal to open its page. Each one lives at its own URL.</p>
      <ul className="item-list">
        {items.map((item) => (
          <li key={item.id}>
            <Link to={\`/items/\${item.id}\`}>
              <strong>{item.name}</strong>
              <span>{item.habitat}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export default HomePage;
`,
  ),
  file(
    'src/pages/AboutPage.tsx',
    `
function AboutPage() {
  return (
    <>
      <h1>About</h1>
      <p>
        This app shows the three building blocks of client-side routing: a shared layout with
        navigation links, static pages, and a dynamic page that reads its id from the URL.
      </p>
      <p>
        Routes are declared in <code>src/App.tsx</code>. Links change the URL without reloading the
        page, and the browser&apos;s back and forward buttons work as expected.
      </p>
    </>
  );
}

export default AboutPage;
`,
  ),
  file(
    'src/pages/ItemPage.tsx',
    `
import { Link, useParams } from 'react-router';
import { findItem } from '../data/items.ts';
import NotFoundPage from './NotFoundPage.tsx';

function ItemPage() {
  const { id = '' } = useParams();
  const item = findItem(id);
  if (!item) return <NotFoundPage />;

  return (
    <article>
      <p>
        <Link to="/">&larr; All animals</Link>
      </p>
      <h1>{item.name}</h1>
      <p className="lead">{item.description}</p>
      <dl>
        <dt>Habitat</dt>
        <dd>{item.habitat}</dd>
      </dl>
    </article>
  );
}

export default ItemPage;
`,
  ),
  file(
    'src/pages/NotFoundPage.tsx',
    `
import { Link, useLocation } from 'react-router';

function NotFoundPage() {
  const location = useLocation();
  return (
    <>
      <h1>Page not found</h1>
      <p>
        Nothing lives at <code>{location.pathname}</code>.
      </p>
      <Link to="/">Go back home</Link>
    </>
  );
}

export default NotFoundPage;
`,
  ),
  file(
    'src/index.css',
    `
:root {
  font-family: system-ui, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.6;
  color-scheme: light dark;
  color: #1c2230;
  background: #f7f7f4;
  --accent: #2f7d4f;
  --muted: #5d6677;
  --surface: #ffffff;
  --border: #e1e3dc;
}

@media (prefers-color-scheme: dark) {
  :root {
    color: #e9ece6;
    background: #141713;
    --accent: #6fcf97;
    --muted: #a5ad9f;
    --surface: #1c201b;
    --border: #2c3229;
  }
}

body {
  margin: 0;
}

a {
  color: var(--accent);
}

code {
  font-family: ui-monospace, Consolas, monospace;
}

.layout {
  display: flex;
  flex-direction: column;
  min-height: 100vh;
}

.header {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 1rem clamp(1rem, 5vw, 3rem);
  border-bottom: 1px solid var(--border);
  background: var(--surface);
}

.header nav {
  display: flex;
  gap: 1.25rem;
}

.header a {
  color: var(--muted);
  text-decoration: none;
  font-weight: 500;
}

.header a.active {
  color: var(--accent);
}

.header .brand {
  color: inherit;
  font-weight: 700;
  font-size: 1.1rem;
}

.content {
  flex: 1;
  width: min(720px, 100% - 2rem);
  margin: 0 auto;
  padding: 2.5rem 0;
}

.lead {
  font-size: 1.15rem;
  color: var(--muted);
}

.item-list {
  display: grid;
  gap: 0.75rem;
  padding: 0;
  list-style: none;
}

.item-list a {
  display: flex;
  flex-direction: column;
  padding: 1rem 1.25rem;
  border: 1px solid var(--border);
  border-radius: 12px;
  background: var(--surface);
  color: inherit;
  text-decoration: none;
  transition: border-color 0.15s;
}

.item-list a:hover {
  border-color: var(--accent);
}

.item-list span {
  color: var(--muted);
  font-size: 0.95rem;
}

dt {
  font-weight: 600;
}

dd {
  margin: 0 0 1rem;
  color: var(--muted);
}

.footer {
  padding: 1.5rem;
  text-align: center;
  color: var(--muted);
  font-size: 0.9rem;
}
`,
  ),
];
