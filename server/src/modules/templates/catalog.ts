import { TEMPLATE_CATALOG, type Template, type TemplateFile, type TemplateId } from '@kiln/shared';
import { angularAppFiles } from './files/angular-app';
import { blankFiles } from './files/blank';
import { djangoAppFiles } from './files/django-app';
import { fullstackReactExpressFiles } from './files/fullstack-react-express';
import { goAppFiles } from './files/go-app';
import { htmlCssFiles } from './files/html-css';
import { nodejsExpressFiles } from './files/nodejs-express';
import { pythonFlaskFiles } from './files/python-flask';
import { reactRouterFiles } from './files/react-router';
import { reactViteFiles } from './files/react-vite';
import { rubyRailsFiles } from './files/ruby-rails';
import { svelteAppFiles } from './files/svelte-app';
import { vueAppFiles } from './files/vue-app';

/** The starter files of each template; the names and labels come from the shared catalogue. */
const TEMPLATE_FILES: Record<TemplateId, readonly TemplateFile[]> = {
  blank: blankFiles,
  'html-css': htmlCssFiles,
  'react-vite': reactViteFiles,
  'nodejs-express': nodejsExpressFiles,
  'python-flask': pythonFlaskFiles,
  'react-router': reactRouterFiles,
  'vue-app': vueAppFiles,
  'fullstack-react-express': fullstackReactExpressFiles,
  'angular-app': angularAppFiles,
  'django-app': djangoAppFiles,
  'ruby-rails': rubyRailsFiles,
  'go-app': goAppFiles,
  'svelte-app': svelteAppFiles,
};

/** One template with its files. Callers get copies, so nothing can alter the originals. */
export function getTemplate(id: TemplateId): Template {
  const entry = TEMPLATE_CATALOG.find((template) => template.id === id);
  if (!entry) throw new Error(`Unknown template: ${id}`);
  return {
    id: entry.id,
    name: entry.name,
    description: entry.description,
    language: entry.language,
    files: TEMPLATE_FILES[id].map((templateFile) => ({ ...templateFile })),
  };
}

/** Every template, in the catalogue's order (spec accounts 3). */
export function listTemplates(): Template[] {
  return TEMPLATE_CATALOG.map((entry) => getTemplate(entry.id));
}
