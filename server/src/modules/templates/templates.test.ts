import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  TEMPLATE_CATALOG,
  TEMPLATE_IDS,
  TemplateListSchema,
  type Template,
  type TemplateId,
} from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { freePort } from '../../test/free-port';
import { getTemplate, listTemplates } from './catalog';

const templates = listTemplates();

function contentOf(template: Template, filePath: string): string {
  const found = template.files.find((entry) => entry.path === filePath);
  if (!found) throw new Error(`${template.id} has no ${filePath}`);
  return found.content;
}

const has = (template: Template, filePath: string) =>
  template.files.some((entry) => entry.path === filePath);

/** Every file of every template, written to disk once for the tests that run real tools. */
let workspace: string;
const dirOf = (id: TemplateId) => path.join(workspace, id);

beforeAll(async () => {
  workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-templates-'));
  for (const template of templates) {
    for (const entry of template.files) {
      const target = path.join(dirOf(template.id), entry.path);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, entry.content);
    }
  }
});

afterAll(async () => {
  await fs.rm(workspace, { recursive: true, force: true });
});

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion and answers its exit code and output (never throws). */
function run(command: string, args: string[], cwd: string, timeout = 20_000): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) || String(error ?? '') });
    });
  });
}

describe('GET /api/templates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Templates belong to no one, so there is no wrong-user case: any signed-in user sees them all.
  it('answers 401 UNAUTHENTICATED when signed out, without any template', async () => {
    const response = await new TestClient(t.app).get('/api/templates');
    expectError(response, 401, 'UNAUTHENTICATED');
    expect(response.body).not.toContain('README.md');
  });

  it('answers 401 to a browser that has signed out', async () => {
    const account = await signUp(t.app);
    await account.client.post('/api/auth/logout');
    expectError(await account.client.get('/api/templates'), 401, 'UNAUTHENTICATED');
  });

  it('lists the thirteen templates with their files to a signed-in user', async () => {
    const { client } = await signUp(t.app);
    const response = await client.get('/api/templates');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = TemplateListSchema.parse(response.json());
    expect(body.map((template) => template.id)).toEqual(TEMPLATE_IDS);
    expect(body).toEqual(templates);
  });
});

describe('template catalogue', () => {
  it('offers exactly the catalogue ids, in order, with their names, languages and descriptions', () => {
    expect(templates.map((template) => template.id)).toEqual(TEMPLATE_IDS);
    expect(templates).toHaveLength(13);
    for (const [index, entry] of TEMPLATE_CATALOG.entries()) {
      expect(templates[index]).toMatchObject({
        id: entry.id,
        name: entry.name,
        language: entry.language,
        description: entry.description,
      });
    }
  });

  it('hands out copies, so a caller cannot change a template for everyone', () => {
    const first = getTemplate('blank');
    first.files[0]!.content = 'changed';
    first.files.push({ path: 'extra.js', content: '', isDirectory: false });
    expect(getTemplate('blank').files.map((entry) => entry.content)).not.toContain('changed');
    expect(getTemplate('blank').files.map((entry) => entry.path)).not.toContain('extra.js');
  });

  const REQUIRED_FILES: Record<TemplateId, string[]> = {
    blank: ['README.md', 'index.js'],
    'html-css': ['README.md', 'index.html', 'styles.css', 'script.js'],
    'react-vite': [
      'package.json',
      'vite.config.ts',
      'tsconfig.json',
      'index.html',
      'src/main.tsx',
      'src/App.tsx',
      'src/App.css',
      'src/index.css',
    ],
    'nodejs-express': ['package.json', 'index.js', 'routes/todos.js', 'test/api.test.js'],
    'python-flask': [
      'app.py',
      'requirements.txt',
      'templates/index.html',
      'static/style.css',
      'tests/test_app.py',
    ],
    'react-router': [
      'package.json',
      'vite.config.ts',
      'tsconfig.json',
      'index.html',
      'src/main.tsx',
      'src/App.tsx',
      'src/components/Layout.tsx',
      'src/pages/HomePage.tsx',
      'src/pages/AboutPage.tsx',
      'src/pages/ItemPage.tsx',
      'src/pages/NotFoundPage.tsx',
    ],
    'vue-app': [
      'package.json',
      'vite.config.js',
      'index.html',
      'src/main.js',
      'src/App.vue',
      'src/components/HelloWorld.vue',
      'src/style.css',
    ],
    'fullstack-react-express': [
      'package.json',
      'client/package.json',
      'client/vite.config.js',
      'client/index.html',
      'client/src/main.jsx',
      'client/src/App.jsx',
      'server/package.json',
      'server/index.js',
      'server/test/api.test.js',
    ],
    'angular-app': [
      'package.json',
      'angular.json',
      'tsconfig.json',
      'tsconfig.app.json',
      'src/index.html',
      'src/main.ts',
      'src/styles.css',
      'src/app/app.component.ts',
      'src/app/app.component.html',
      'src/app/app.component.css',
      'src/app/app.config.ts',
      'src/app/app.routes.ts',
    ],
    'django-app': [
      'manage.py',
      'requirements.txt',
      'mysite/__init__.py',
      'mysite/settings.py',
      'mysite/urls.py',
      'mysite/wsgi.py',
      'mysite/asgi.py',
      'core/__init__.py',
      'core/views.py',
      'core/urls.py',
      'core/models.py',
      'core/admin.py',
      'core/apps.py',
      'core/migrations/__init__.py',
      'core/templates/core/index.html',
    ],
    'ruby-rails': [
      'Gemfile',
      'config.ru',
      'Rakefile',
      'config/application.rb',
      'config/routes.rb',
      'config/environment.rb',
      'config/boot.rb',
      'app/controllers/application_controller.rb',
      'app/controllers/pages_controller.rb',
      'app/views/layouts/application.html.erb',
      'app/views/pages/home.html.erb',
    ],
    'go-app': ['go.mod', 'main.go', 'handlers.go', 'handlers_test.go'],
    'svelte-app': [
      'package.json',
      'vite.config.js',
      'svelte.config.js',
      'index.html',
      'src/main.js',
      'src/App.svelte',
      'src/lib/Counter.svelte',
      'src/app.css',
    ],
  };

  describe.each(templates)('$id', (template) => {
    it('has its essential files and a README that says how to run it', () => {
      for (const required of [...REQUIRED_FILES[template.id], 'README.md']) {
        expect(has(template, required), `${template.id} lacks ${required}`).toBe(true);
      }
      expect(contentOf(template, 'README.md')).toMatch(/^## Run it on your machine$/m);
      expect(template.files.length).toBeLessThanOrEqual(25);
    });

    it('lists files only, at unique, relative, normalised paths', () => {
      const paths = template.files.map((entry) => entry.path);
      expect(new Set(paths.map((entry) => entry.toLowerCase())).size).toBe(paths.length);
      for (const entry of template.files) {
        expect(entry.isDirectory).toBe(false);
        expect(entry.path).not.toMatch(/^\/|\\|^[a-z]:/i);
        expect(entry.path.split('/')).not.toContain('..');
        expect(entry.path).toBe(path.posix.normalize(entry.path));
      }
    });

    it('has finished content: newline-terminated text with no placeholders', () => {
      for (const entry of template.files) {
        if (entry.content === '') {
          // Only Python package markers are meant to be empty.
          expect(entry.path).toMatch(/__init__\.py$/);
          continue;
        }
        expect(entry.content.endsWith('\n'), `${entry.path} ends without a newline`).toBe(true);
        expect(entry.content.startsWith('\n'), `${entry.path} starts with a blank line`).toBe(
          false,
        );
        expect(entry.content, entry.path).not.toMatch(/\b(?:TODO|FIXME|XXX)\b/);
        expect(entry.content, entry.path).not.toMatch(/lorem ipsum|your content here/i);
      }
    });

    it('has JSON files that parse', () => {
      for (const entry of template.files.filter((item) => item.path.endsWith('.json'))) {
        expect(() => JSON.parse(entry.content), entry.path).not.toThrow();
      }
    });

    it('resolves every relative import in its source files to a file of the template', () => {
      const paths = new Set(template.files.map((entry) => entry.path));
      const sources = template.files.filter((entry) =>
        /\.(?:[cm]?js|jsx|ts|tsx|vue|svelte)$/.test(entry.path),
      );
      for (const source of sources) {
        for (const specifier of relativeImports(source.content)) {
          const base = path.posix.join(path.posix.dirname(source.path), specifier);
          expect(
            resolveCandidates(base).some((candidate) => paths.has(candidate)),
            `${source.path} imports ${specifier}, which is not in the template`,
          ).toBe(true);
        }
      }
    });
  });
});

const IMPORT_PATTERNS = [
  /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  /\b(?:templateUrl|styleUrl)\s*:\s*['"](\.{1,2}\/[^'"]+)['"]/g,
];

function relativeImports(source: string): string[] {
  return IMPORT_PATTERNS.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => match[1]!),
  );
}

const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.vue', '.svelte', '.json'];

function resolveCandidates(base: string): string[] {
  return [
    base,
    ...RESOLVE_EXTENSIONS.map((extension) => base + extension),
    ...RESOLVE_EXTENSIONS.map((extension) => `${base}/index${extension}`),
  ];
}

describe('source files compile', () => {
  it('every JavaScript file passes node --check', async () => {
    const files = templates.flatMap((template) =>
      template.files
        .filter((entry) => /\.[cm]?js$/.test(entry.path))
        .map((entry) => ({ id: template.id, path: entry.path })),
    );
    expect(files.length).toBeGreaterThanOrEqual(15);
    const results = await Promise.all(
      files.map(async (entry) => ({
        ...entry,
        result: await run(process.execPath, ['--check', entry.path], dirOf(entry.id)),
      })),
    );
    const failures = results
      .filter((entry) => entry.result.code !== 0)
      .map((entry) => `${entry.id}/${entry.path}: ${entry.result.stderr}`);
    expect(failures).toEqual([]);
  });

  it.each(['python-flask', 'django-app'] as const)(
    '%s: every Python file passes python3 -m py_compile',
    async (id) => {
      const files = getTemplate(id)
        .files.filter((entry) => entry.path.endsWith('.py'))
        .map((entry) => entry.path);
      expect(files.length).toBeGreaterThan(1);
      const result = await run('python3', ['-m', 'py_compile', ...files], dirOf(id));
      expect(result.code, result.stderr).toBe(0);
    },
  );

  it('compiles every template that has Python files', () => {
    const withPython = templates
      .filter((template) => template.files.some((entry) => entry.path.endsWith('.py')))
      .map((template) => template.id);
    expect(withPython).toEqual(['python-flask', 'django-app']);
  });
});

describe('blank', () => {
  it('runs with plain node and prints its greeting', async () => {
    const result = await run(process.execPath, ['index.js'], dirOf('blank'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Hello, world! Your project is ready.');
  });
});

describe('html-css', () => {
  const template = getTemplate('html-css');
  const html = contentOf(template, 'index.html');

  it('links its stylesheet and script by relative path, and both exist', () => {
    expect(html).toMatch(/<link rel="stylesheet" href="styles\.css"/);
    expect(html).toMatch(/<script src="script\.js" defer><\/script>/);
    expect(has(template, 'styles.css')).toBe(true);
    expect(has(template, 'script.js')).toBe(true);
    expect(html).toContain('<meta name="viewport"');
    expect(contentOf(template, 'styles.css')).toContain('@media (max-width:');
  });

  it('only scripts elements that the page has', () => {
    const script = contentOf(template, 'script.js');
    const selectors = [...script.matchAll(/querySelector(?:All)?\('([.#][\w-]+)'\)/g)].map(
      (match) => match[1]!,
    );
    expect(selectors.length).toBeGreaterThan(3);
    for (const selector of selectors) {
      const name = selector.slice(1);
      const pattern = selector.startsWith('#')
        ? new RegExp(`id="${name}"`)
        : new RegExp(`class="(?:[^"]* )?${name}(?: [^"]*)?"`);
      expect(html, selector).toMatch(pattern);
    }
  });
});

const VITE_APPS = [
  {
    id: 'react-vite',
    root: '',
    config: 'vite.config.ts',
    entry: 'src/main.tsx',
    plugin: '@vitejs/plugin-react',
  },
  {
    id: 'react-router',
    root: '',
    config: 'vite.config.ts',
    entry: 'src/main.tsx',
    plugin: '@vitejs/plugin-react',
  },
  {
    id: 'vue-app',
    root: '',
    config: 'vite.config.js',
    entry: 'src/main.js',
    plugin: '@vitejs/plugin-vue',
  },
  {
    id: 'svelte-app',
    root: '',
    config: 'vite.config.js',
    entry: 'src/main.js',
    plugin: '@sveltejs/vite-plugin-svelte',
  },
  {
    id: 'fullstack-react-express',
    root: 'client/',
    config: 'vite.config.js',
    entry: 'src/main.jsx',
    plugin: '@vitejs/plugin-react',
  },
] as const;

interface PackageJson {
  type?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  workspaces?: string[];
}

const packageJson = (template: Template, filePath = 'package.json') =>
  JSON.parse(contentOf(template, filePath)) as PackageJson;

describe.each(VITE_APPS)('Vite app $id', ({ id, root, config, entry, plugin }) => {
  const template = getTemplate(id);

  it('has an index.html that loads its entry module, and every absolute URL in it exists', () => {
    const html = contentOf(template, `${root}index.html`);
    expect(html).toContain(`<script type="module" src="/${entry}"></script>`);
    expect(has(template, `${root}${entry}`)).toBe(true);
    for (const [, url] of html.matchAll(/(?:src|href)="\/([^"]+)"/g)) {
      expect(
        has(template, `${root}${url}`) || has(template, `${root}public/${url}`),
        `${root}index.html refers to /${url}`,
      ).toBe(true);
    }
  });

  it('has a Vite config using its framework plugin, and the scripts to develop and build', () => {
    const source = contentOf(template, `${root}${config}`);
    expect(source).toContain(`from '${plugin}'`);
    expect(source).toMatch(/export default defineConfig\(/);
    const manifest = packageJson(template, `${root}package.json`);
    expect(manifest.type).toBe('module');
    // The full-stack client starts Vite once its API listens (client/wait-for-api.js).
    expect(manifest.scripts?.dev).toMatch(/^(node wait-for-api\.js && )?vite$/);
    expect(manifest.scripts?.build).toMatch(/vite build$/);
    expect(manifest.devDependencies).toHaveProperty('vite');
    expect(manifest.devDependencies).toHaveProperty([plugin]);
  });
});

describe('react-vite', () => {
  const template = getTemplate('react-vite');

  it('declares React 19, TypeScript and the Vite toolchain', () => {
    const manifest = packageJson(template);
    expect(Object.keys(manifest.scripts ?? {})).toEqual(
      expect.arrayContaining(['dev', 'build', 'preview']),
    );
    expect(manifest.dependencies?.react).toMatch(/^\^19\./);
    expect(manifest.dependencies?.['react-dom']).toMatch(/^\^19\./);
    expect(Object.keys(manifest.devDependencies ?? {})).toEqual(
      expect.arrayContaining([
        'vite',
        '@vitejs/plugin-react',
        'typescript',
        '@types/react',
        '@types/react-dom',
      ]),
    );
    expect(contentOf(template, 'index.html')).toContain('<div id="root"></div>');
    const tsconfig = JSON.parse(contentOf(template, 'tsconfig.json')) as {
      compilerOptions: { jsx: string; strict: boolean };
      include: string[];
    };
    expect(tsconfig.compilerOptions).toMatchObject({ jsx: 'react-jsx', strict: true });
    expect(tsconfig.include).toContain('src');
  });
});

describe('react-router', () => {
  const template = getTemplate('react-router');

  it('routes a home page, an about page, a dynamic item page and a catch-all', () => {
    expect(packageJson(template).dependencies?.['react-router']).toMatch(/^\^7\./);
    const app = contentOf(template, 'src/App.tsx');
    expect(app).toContain('<Route element={<Layout />}>');
    expect(app).toContain('<Route index element={<HomePage />} />');
    expect(app).toContain('<Route path="about" element={<AboutPage />} />');
    expect(app).toContain('<Route path="items/:id" element={<ItemPage />} />');
    expect(app).toContain('<Route path="*" element={<NotFoundPage />} />');
    const layout = contentOf(template, 'src/components/Layout.tsx');
    expect(layout).toContain('<Outlet />');
    expect(layout).toMatch(/<NavLink to="\/about">/);
    expect(contentOf(template, 'src/pages/ItemPage.tsx')).toContain('useParams()');
  });
});

describe('angular-app', () => {
  const template = getTemplate('angular-app');

  it('builds with the application builder from files that exist', () => {
    const workspaceConfig = JSON.parse(contentOf(template, 'angular.json')) as {
      projects: Record<
        string,
        {
          architect: {
            build: {
              builder: string;
              options: { browser: string; tsConfig: string; styles: string[] };
            };
          };
        }
      >;
    };
    const [project] = Object.values(workspaceConfig.projects);
    const build = project!.architect.build;
    expect(build.builder).toBe('@angular/build:application');
    for (const referenced of [
      build.options.browser,
      build.options.tsConfig,
      ...build.options.styles,
    ]) {
      expect(has(template, referenced), referenced).toBe(true);
    }
    const manifest = packageJson(template);
    expect(manifest.dependencies?.['@angular/core']).toMatch(/^\^(19|[2-9]\d)\./);
    expect(manifest.scripts).toMatchObject({ start: 'ng serve', build: 'ng build' });
  });

  it('bootstraps a standalone root component that the page hosts', () => {
    expect(contentOf(template, 'src/main.ts')).toContain(
      'bootstrapApplication(AppComponent, appConfig)',
    );
    expect(contentOf(template, 'src/app/app.component.ts')).toContain("selector: 'app-root'");
    expect(contentOf(template, 'src/index.html')).toContain('<app-root></app-root>');
    expect(contentOf(template, 'src/app/app.config.ts')).toContain('provideRouter(routes)');
    expect(template.files.some((entry) => entry.content.includes('@NgModule'))).toBe(false);
  });
});

describe('python-flask', () => {
  const template = getTemplate('python-flask');

  it('renders templates and static files that exist, and answers the health check', () => {
    const app = contentOf(template, 'app.py');
    for (const [, name] of app.matchAll(/render_template\("([^"]+)"/g)) {
      expect(has(template, `templates/${name}`), name).toBe(true);
    }
    for (const entry of template.files.filter((item) => item.path.startsWith('templates/'))) {
      for (const [, name] of entry.content.matchAll(/url_for\('static', filename='([^']+)'\)/g)) {
        expect(has(template, `static/${name}`), name).toBe(true);
      }
    }
    expect(app).toContain('@app.get("/api/health")');
    expect(app).toContain('jsonify(status="ok")');
    expect(contentOf(template, 'requirements.txt')).toMatch(/^Flask>=3/m);
    expect(contentOf(template, 'tests/test_app.py')).toContain('app.test_client()');
  });
});

describe('django-app', () => {
  const template = getTemplate('django-app');

  it('reads DEBUG and SECRET_KEY from the environment and uses SQLite', () => {
    const settings = contentOf(template, 'mysite/settings.py');
    expect(settings).toMatch(/^DEBUG = env_bool\("DJANGO_DEBUG", True\)$/m);
    expect(settings).toContain('os.environ.get("DJANGO_SECRET_KEY", DEV_SECRET_KEY)');
    expect(settings).toContain('"ENGINE": "django.db.backends.sqlite3"');
    expect(settings).toContain('ROOT_URLCONF = "mysite.urls"');
    expect(settings).toMatch(/INSTALLED_APPS = \[[^\]]*"core",\n\]/);
  });

  it('ships the migration for its model and the templates its views render', () => {
    const model = /^class (\w+)\(models\.Model\):$/m.exec(contentOf(template, 'core/models.py'));
    expect(model).not.toBeNull();
    expect(contentOf(template, 'core/migrations/0001_initial.py')).toContain(`name="${model![1]}"`);
    const views = contentOf(template, 'core/views.py');
    const rendered = [...views.matchAll(/"(core\/[\w/]+\.html)"/g)].map((match) => match[1]!);
    expect(rendered).not.toHaveLength(0);
    for (const name of rendered) expect(has(template, `core/templates/${name}`), name).toBe(true);
  });
});

describe('ruby-rails', () => {
  const template = getTemplate('ruby-rails');

  it('routes to controller actions that have views', () => {
    expect(contentOf(template, 'Gemfile')).toMatch(/^gem "rails", "~> 8\.\d+"$/m);
    const routes = contentOf(template, 'config/routes.rb');
    expect(routes).toContain('root "pages#home"');
    const controller = contentOf(template, 'app/controllers/pages_controller.rb');
    for (const [, action] of routes.matchAll(/"pages#(\w+)"/g)) {
      expect(controller, action).toContain(`def ${action}\n`);
      const rendersJson = new RegExp(`def ${action}\\n\\s+render json:`).test(controller);
      if (!rendersJson) {
        expect(has(template, `app/views/pages/${action}.html.erb`), action).toBe(true);
      }
    }
    expect(contentOf(template, 'app/views/layouts/application.html.erb')).toContain('<%= yield %>');
  });
});

describe('go-app', () => {
  const template = getTemplate('go-app');
  const goFiles = template.files.filter((entry) => entry.path.endsWith('.go'));

  it('is a Go 1.22 module whose files all belong to package main', () => {
    const goMod = contentOf(template, 'go.mod');
    expect(goMod).toMatch(/^module [\w.-]+(\/[\w.-]+)+$/m);
    expect(goMod).toMatch(/^go 1\.22$/m);
    expect(goFiles.map((entry) => entry.path).sort()).toEqual([
      'handlers.go',
      'handlers_test.go',
      'main.go',
    ]);
    for (const entry of goFiles) expect(entry.content.startsWith('package main\n')).toBe(true);
  });

  it('serves JSON on a net/http ServeMux with method patterns, on PORT', () => {
    const main = contentOf(template, 'main.go');
    expect(goImports(main)).toEqual(expect.arrayContaining(['net/http', 'os']));
    expect(main).toContain('os.Getenv("PORT")');
    expect(main).toContain('http.NewServeMux()');
    expect(main).toContain('mux.HandleFunc("GET /api/health", handleHealth)');
    expect(main).toContain('mux.HandleFunc("POST /api/items", store.handleCreate)');
    expect(contentOf(template, 'handlers.go')).toContain('r.PathValue("id")');
    const tests = contentOf(template, 'handlers_test.go');
    expect(goImports(tests)).toEqual(expect.arrayContaining(['net/http/httptest', 'testing']));
    expect(tests).toMatch(/^func Test\w+\(t \*testing\.T\) \{$/m);
  });

  it('uses every package it imports (Go refuses to compile otherwise)', () => {
    for (const entry of goFiles) {
      const body = entry.content.slice(entry.content.indexOf('\n)\n'));
      for (const imported of goImports(entry.content)) {
        const name = imported.split('/').at(-1)!;
        expect(body, `${entry.path} imports ${imported}`).toContain(`${name}.`);
      }
    }
  });
});

function goImports(source: string): string[] {
  const block = /^import \(\n([\s\S]*?)\n\)$/m.exec(source);
  return block ? [...block[1]!.matchAll(/"([^"]+)"/g)].map((match) => match[1]!) : [];
}

/** Express lives in the repository's node_modules; templates borrow it instead of installing. */
const expressDir = path.dirname(createRequire(import.meta.url).resolve('express/package.json'));

async function linkExpress(projectDir: string) {
  await fs.mkdir(path.join(projectDir, 'node_modules'), { recursive: true });
  await fs.symlink(expressDir, path.join(projectDir, 'node_modules', 'express'), 'dir');
}

/** Starts `node <entry>` with PORT set, waits until it answers, and hands back a stopper. */
async function startNodeServer(cwd: string, entry: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;

  async function stop() {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  }

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited early:\n${output}`);
    try {
      await fetch(`${baseUrl}/api/health`);
      return { baseUrl, stop, output: () => output };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`${entry} did not answer on port ${port}:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function postJson(url: string, body: unknown) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('nodejs-express', () => {
  beforeAll(() => linkExpress(dirOf('nodejs-express')));

  it('declares Express 5 and the start, dev and test scripts', () => {
    const manifest = packageJson(getTemplate('nodejs-express'));
    expect(manifest.dependencies?.express).toMatch(/^\^5\./);
    expect(Object.keys(manifest.scripts ?? {})).toEqual(
      expect.arrayContaining(['start', 'dev', 'test']),
    );
  });

  it('starts with node index.js on PORT and serves the health check and todos', async () => {
    const server = await startNodeServer(dirOf('nodejs-express'), 'index.js');
    try {
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await health.json()).toEqual({ status: 'ok' });

      const refused = await postJson(`${server.baseUrl}/api/todos`, { title: '' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: 'title is required' });

      const created = await postJson(`${server.baseUrl}/api/todos`, { title: 'Buy milk' });
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ id: 1, title: 'Buy milk', completed: false });
      const list = await (await fetch(`${server.baseUrl}/api/todos`)).json();
      expect(list).toEqual([expect.objectContaining({ id: 1, title: 'Buy milk' })]);
      expect(server.output()).toContain('Server listening on http://localhost:');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('passes its own test suite (npm test: node --test)', async () => {
    const result = await run(process.execPath, ['--test'], dirOf('nodejs-express'), 25_000);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^# fail 0$/m);
    expect(result.stdout).toMatch(/^# pass [1-9]\d*$/m);
  });
});

describe('fullstack-react-express', () => {
  const template = getTemplate('fullstack-react-express');
  const projectDir = () => dirOf('fullstack-react-express');
  beforeAll(() => linkExpress(projectDir()));

  it('runs client and server together from the root, with the dev proxy aimed at the API', () => {
    const root = packageJson(template);
    expect(root.workspaces).toEqual(['client', 'server']);
    expect(root.scripts?.dev).toContain('npm run dev -w server');
    expect(root.scripts?.dev).toContain('npm run dev -w client');
    expect(contentOf(template, 'client/vite.config.js')).toContain(
      "'/api': `http://localhost:${apiPort}`",
    );
    expect(contentOf(template, 'client/vite.config.js')).toContain(
      'Number(process.env.API_PORT) || 3001',
    );
    expect(packageJson(template, 'client/package.json').scripts?.dev).toBe(
      'node wait-for-api.js && vite',
    );
    expect(contentOf(template, 'server/index.js')).toContain('Number(process.env.PORT) || 3001');
    expect(packageJson(template, 'server/package.json').dependencies?.express).toMatch(/^\^5\./);
  });

  it('starts Vite only once the API listens, so the page never meets a missing API', async () => {
    const port = await freePort();
    const waiting = spawn(process.execPath, ['wait-for-api.js'], {
      cwd: path.join(projectDir(), 'client'),
      env: { ...process.env, API_PORT: String(port) },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => waiting.on('exit', resolve));
    const api = net.createServer();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(waiting.exitCode, 'it went on before the API listened').toBeNull();
      // `localhost`, as Vite's proxy reaches it: the API listens on every interface.
      await new Promise<void>((resolve) => api.listen(port, resolve));
      expect(await exited).toBe(0);
    } finally {
      waiting.kill();
      api.close();
    }
  });

  it('starts its API server on PORT and answers the health check and notes', async () => {
    const server = await startNodeServer(path.join(projectDir(), 'server'), 'index.js');
    try {
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });

      const created = await postJson(`${server.baseUrl}/api/notes`, { text: 'From the test' });
      expect(created.status).toBe(201);
      const notes = (await (await fetch(`${server.baseUrl}/api/notes`)).json()) as unknown[];
      expect(notes).toContainEqual(expect.objectContaining({ text: 'From the test' }));
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("passes its server's own test suite", async () => {
    const result = await run(
      process.execPath,
      ['--test'],
      path.join(projectDir(), 'server'),
      25_000,
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^# fail 0$/m);
  });
});
