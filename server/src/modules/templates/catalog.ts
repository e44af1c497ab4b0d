import { TEMPLATE_CATALOG, type Template, type TemplateId } from '@kiln/shared';
import { templateFiles } from './folders';

/**
 * One template with its files (server/templates, read by ./folders.ts); the names and labels
 * come from the shared catalogue. Callers get copies, so nothing can alter the originals.
 */
export function getTemplate(id: TemplateId): Template {
  const entry = TEMPLATE_CATALOG.find((template) => template.id === id);
  if (!entry) throw new Error(`Unknown template: ${id}`);
  return {
    id: entry.id,
    name: entry.name,
    description: entry.description,
    language: entry.language,
    files: templateFiles(id).map((templateFile) => ({ ...templateFile })),
  };
}

/** Every template, in the catalogue's order. */
export function listTemplates(): Template[] {
  return TEMPLATE_CATALOG.map((entry) => getTemplate(entry.id));
}
