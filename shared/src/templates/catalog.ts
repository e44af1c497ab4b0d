/**
 * The templates a project can start from (ids, names, languages). Their files
 * live on the server; this is what both sides need to list and label them.
 */
export const TEMPLATE_CATALOG = [
  {
    id: 'blank',
    name: 'Blank Project',
    language: 'javascript',
    description: 'An empty project with a README and a script to run.',
  },
  {
    id: 'html-css',
    name: 'HTML/CSS Website',
    language: 'javascript',
    description: 'A responsive static site in plain HTML, CSS and JavaScript.',
  },
  {
    id: 'react-vite',
    name: 'React + Vite',
    language: 'typescript',
    description: 'A React 19 single-page app on Vite, in TypeScript.',
  },
  {
    id: 'nodejs-express',
    name: 'Node.js + Express',
    language: 'javascript',
    description: 'A JSON API on Express with routes, validation and tests.',
  },
  {
    id: 'python-flask',
    name: 'Python + Flask',
    language: 'python',
    description: 'A Flask web app with templates, an API route and tests.',
  },
  {
    id: 'react-router',
    name: 'React with Router',
    language: 'typescript',
    description: 'A multi-page React app with client-side routing.',
  },
  {
    id: 'vue-app',
    name: 'Vue 3 Application',
    language: 'javascript',
    description: 'A Vue 3 app with single-file components on Vite.',
  },
  {
    id: 'fullstack-react-express',
    name: 'Full-Stack (React + Express)',
    language: 'javascript',
    description: 'A React front end and an Express API in one project.',
  },
  {
    id: 'angular-app',
    name: 'Angular Application',
    language: 'typescript',
    description: 'A standalone-components Angular app.',
  },
  {
    id: 'django-app',
    name: 'Django Web App',
    language: 'python',
    description: 'A Django project with one app, a view, a template and a model.',
  },
  {
    id: 'ruby-rails',
    name: 'Ruby on Rails',
    language: 'ruby',
    description: 'A Rails app with a controller, views and routes.',
  },
  {
    id: 'go-app',
    name: 'Go Web Server',
    language: 'go',
    description: 'An HTTP server on the Go standard library with JSON handlers.',
  },
  {
    id: 'svelte-app',
    name: 'Svelte Application',
    language: 'javascript',
    description: 'A Svelte 5 app on Vite.',
  },
] as const;

export type TemplateId = (typeof TEMPLATE_CATALOG)[number]['id'];
export const TEMPLATE_IDS = TEMPLATE_CATALOG.map((template) => template.id) as [
  TemplateId,
  ...TemplateId[],
];
