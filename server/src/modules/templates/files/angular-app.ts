import type { TemplateFile } from '@kiln/shared';
import { FAVICON_SVG, NODE_GITIGNORE, file, json } from './define';

export const angularAppFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# Angular Application

An [Angular](https://angular.dev) 21 app built from standalone components, with signals,
the router and zoneless change detection, generated in the style of the Angular CLI.

## Run it

\`\`\`bash
npm install
npm start              # ng serve: http://localhost:4200 with live reload
npm run build          # production build in dist/angular-app/browser
\`\`\`

## Where things are

- \`src/main.ts\`: bootstraps \`AppComponent\` with \`appConfig\`
- \`src/app/app.config.ts\`: application-wide providers (the router, error listeners)
- \`src/app/app.routes.ts\`: the routes
- \`src/app/app.component.*\`: the shell with the navigation and \`<router-outlet>\`
- \`src/app/pages/\`: one standalone component per page
- \`src/styles.css\`: global styles

Generate more with the CLI, for example \`npx ng generate component pages/contact\`, then add
a route for it in \`app.routes.ts\`.
`,
  ),
  file('.gitignore', `${NODE_GITIGNORE}.angular/\n`),
  json('package.json', {
    name: 'angular-app',
    version: '0.0.0',
    private: true,
    scripts: {
      ng: 'ng',
      start: 'ng serve',
      build: 'ng build',
      watch: 'ng build --watch --configuration development',
    },
    dependencies: {
      '@angular/common': '^21.2.0',
      '@angular/compiler': '^21.2.0',
      '@angular/core': '^21.2.0',
      '@angular/forms': '^21.2.0',
      '@angular/platform-browser': '^21.2.0',
      '@angular/router': '^21.2.0',
      rxjs: '~7.8.0',
      tslib: '^2.3.0',
    },
    devDependencies: {
      '@angular/build': '^21.2.0',
      '@angular/cli': '^21.2.0',
      '@angular/compiler-cli': '^21.2.0',
      typescript: '~5.9.2',
    },
  }),
  json('angular.json', {
    $schema: './node_modules/@angular/cli/lib/config/schema.json',
    version: 1,
    newProjectRoot: 'projects',
    projects: {
      'angular-app': {
        projectType: 'application',
        root: '',
        sourceRoot: 'src',
        prefix: 'app',
        architect: {
          build: {
            builder: '@angular/build:application',
            options: {
              browser: 'src/main.ts',
              tsConfig: 'tsconfig.app.json',
              assets: [{ glob: '**/*', input: 'public' }],
              styles: ['src/styles.css'],
            },
            configurations: {
              production: {
                budgets: [
                  { type: 'initial', maximumWarning: '500kB', maximumError: '1MB' },
                  { type: 'anyComponentStyle', maximumWarning: '4kB', maximumError: '8kB' },
                ],
                outputHashing: 'all',
              },
              development: {
                optimization: false,
                extractLicenses: false,
                sourceMap: true,
              },
            },
            defaultConfiguration: 'production',
          },
          serve: {
            builder: '@angular/build:dev-server',
            configurations: {
              production: { buildTarget: 'angular-app:build:production' },
              development: { buildTarget: 'angular-app:build:development' },
            },
            defaultConfiguration: 'development',
          },
        },
      },
    },
  }),
  json('tsconfig.json', {
    compileOnSave: false,
    compilerOptions: {
      strict: true,
      noImplicitOverride: true,
      noPropertyAccessFromIndexSignature: true,
      noImplicitReturns: true,
      noFallthroughCasesInSwitch: true,
      skipLibCheck: true,
      isolatedModules: true,
      experimentalDecorators: true,
      importHelpers: true,
      target: 'ES2022',
      module: 'preserve',
    },
    angularCompilerOptions: {
      enableI18nLegacyMessageIdFormat: false,
      strictInjectionParameters: true,
      strictInputAccessModifiers: true,
      strictTemplates: true,
    },
    files: [],
    references: [{ path: './tsconfig.app.json' }],
  }),
  json('tsconfig.app.json', {
    extends: './tsconfig.json',
    compilerOptions: {
      outDir: './out-tsc/app',
      types: [],
    },
    include: ['src/**/*.ts'],
    exclude: ['src/**/*.spec.ts'],
  }),
  file('public/favicon.svg', FAVICON_SVG),
  file(
    'src/index.html',
    `
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Angular App</title>
    <base href="/" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" type="image/svg+xml" href="favicon.svg" />
  </head>
  <body>
    <app-root></app-root>
  </body>
</html>
`,
  ),
  file(
    'src/main.ts',
    `
import { bootstrapApplication } from '@angular/platform-browser';
import { AppComponent } from './app/app.component';
import { appConfig } from './app/app.config';

bootstrapApplication(AppComponent, appConfig).catch((err) => console.error(err));
`,
  ),
  file(
    'src/styles.css',
    `
/* Global styles; each component keeps its own styles next to it. */
:root {
  --accent: #c2185b;
  --accent-soft: #fce4ec;
  --text: #1f1b24;
  --muted: #64606b;
  --border: #e6e1ea;
  --surface: #ffffff;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.6;
  color: var(--text);
  background: #f8f6fa;
}

body {
  margin: 0;
}

h1 {
  margin-top: 0;
}

button,
input {
  font: inherit;
}

code {
  font-family: ui-monospace, Consolas, monospace;
}
`,
  ),
  file(
    'src/app/app.config.ts',
    `
import { type ApplicationConfig, provideBrowserGlobalErrorListeners } from '@angular/core';
import { provideRouter } from '@angular/router';
import { routes } from './app.routes';

// Angular 21 runs without zone.js by default: signals tell it when to update the view.
export const appConfig: ApplicationConfig = {
  providers: [provideBrowserGlobalErrorListeners(), provideRouter(routes)],
};
`,
  ),
  file(
    'src/app/app.routes.ts',
    `
import type { Routes } from '@angular/router';
import { AboutComponent } from './pages/about.component';
import { HomeComponent } from './pages/home.component';

export const routes: Routes = [
  { path: '', component: HomeComponent, title: 'Home' },
  { path: 'about', component: AboutComponent, title: 'About' },
  { path: '**', redirectTo: '' },
];
`,
  ),
  file(
    'src/app/app.component.ts',
    `
import { Component, signal } from '@angular/core';
import { RouterLink, RouterLinkActive, RouterOutlet } from '@angular/router';

@Component({
  selector: 'app-root',
  imports: [RouterOutlet, RouterLink, RouterLinkActive],
  templateUrl: './app.component.html',
  styleUrl: './app.component.css',
})
export class AppComponent {
  protected readonly title = signal('Angular App');
}
`,
  ),
  file(
    'src/app/app.component.html',
    `
<header class="header">
  <a class="brand" routerLink="/">{{ title() }}</a>
  <nav>
    <a routerLink="/" routerLinkActive="active" [routerLinkActiveOptions]="{ exact: true }">Home</a>
    <a routerLink="/about" routerLinkActive="active">About</a>
  </nav>
</header>

<main class="content">
  <router-outlet />
</main>
`,
  ),
  file(
    'src/app/app.component.css',
    `
.header {
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 1rem 1.5rem;
  background: var(--surface);
  border-bottom: 1px solid var(--border);
}

.brand {
  font-weight: 700;
  color: var(--accent);
  text-decoration: none;
}

nav {
  display: flex;
  gap: 1.25rem;
}

nav a {
  color: var(--muted);
  text-decoration: none;
}

nav a.active {
  color: var(--accent);
  font-weight: 600;
}

.content {
  width: min(680px, 100% - 2rem);
  margin: 0 auto;
  padding: 2.5rem 0;
}
`,
  ),
  file(
    'src/app/pages/home.component.ts',
    `
import { Component, computed, signal } from '@angular/core';

interface Task {
  id: number;
  title: string;
  done: boolean;
}

@Component({
  selector: 'app-home',
  template: \`
    <h1>Hello, Angular</h1>
    <p class="lead">
      This page is <code>src/app/pages/home.component.ts</code>. State lives in signals, so the
      view updates on its own.
    </p>

    <section class="card">
      <h2>Tasks ({{ remaining() }} left)</h2>
      <form (submit)="add($event, titleInput)">
        <input #titleInput placeholder="Add a task" aria-label="New task" />
        <button type="submit">Add</button>
      </form>
      <ul>
        @for (task of tasks(); track task.id) {
          <li>
            <label [class.done]="task.done">
              <input type="checkbox" [checked]="task.done" (change)="toggle(task.id)" />
              {{ task.title }}
            </label>
          </li>
        } @empty {
          <li>Nothing to do.</li>
        }
      </ul>
    </section>
  \`,
  styles: \`
    .lead {
      color: var(--muted);
    }
    .card {
      padding: 1.5rem;
      border: 1px solid var(--border);
      border-radius: 14px;
      background: var(--surface);
    }
    h2 {
      margin-top: 0;
      font-size: 1.2rem;
    }
    form {
      display: flex;
      gap: 0.5rem;
    }
    form input {
      flex: 1;
      padding: 0.5rem 0.75rem;
      border: 1px solid var(--border);
      border-radius: 8px;
    }
    button {
      padding: 0.5rem 1rem;
      border: 0;
      border-radius: 8px;
      background: var(--accent);
      color: #fff;
      cursor: pointer;
    }
    ul {
      padding: 0;
      list-style: none;
    }
    li {
      padding: 0.3rem 0;
    }
    .done {
      text-decoration: line-through;
      opacity: 0.6;
    }
  \`,
})
export class HomeComponent {
  protected readonly tasks = signal<Task[]>([
    { id: 1, title: 'Read the Angular docs', done: true },
    { id: 2, title: 'Build a standalone component', done: false },
  ]);
  protected readonly remaining = computed(() => this.tasks().filter((task) => !task.done).length);

  protected add(event: Event, input: HTMLInputElement) {
    event.preventDefault();
    const title = input.value.trim();
    if (!title) return;
    this.tasks.update((tasks) => [...tasks, { id: Date.now(), title, done: false }]);
    input.value = '';
  }

  protected toggle(id: number) {
    this.tasks.update((tasks) =>
      tasks.map((task) => (task.id === id ? { ...task, done: !task.done } : task)),
    );
  }
}
`,
  ),
  file(
    'src/app/pages/about.component.ts',
    `
import { Component } from '@angular/core';
import { RouterLink } from '@angular/router';

@Component({
  selector: 'app-about',
  imports: [RouterLink],
  template: \`
    <h1>About</h1>
    <p>
      Every part of this app is a standalone component: no NgModules. Routes are declared in
      <code>app.routes.ts</code> and provided in <code>app.config.ts</code>.
    </p>
    <a routerLink="/">Back home</a>
  \`,
})
export class AboutComponent {}
`,
  ),
];
