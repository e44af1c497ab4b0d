import type { TemplateFile } from '@kiln/shared';

/**
 * One text file of a template. Contents are template literals that open with a line break so
 * the file reads naturally here; that one leading line break is not part of the file.
 */
export function file(path: string, content: string): TemplateFile {
  return {
    path,
    content: content.startsWith('\n') ? content.slice(1) : content,
    isDirectory: false,
  };
}

/** A JSON file, serialised the way npm and editors write them (two spaces, final newline). */
export function json(path: string, value: unknown): TemplateFile {
  return file(path, `${JSON.stringify(value, null, 2)}\n`);
}

export const NODE_GITIGNORE = `
node_modules/
dist/
.env
*.log
.DS_Store
`;

/** The mark shown in the browser tab by the front-end templates (public/favicon.svg). */
export const FAVICON_SVG = `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="8" fill="#f97316" />
  <path d="M16 6c3 4 6 7 6 11a6 6 0 0 1-12 0c0-2 1-4 3-6 0 2 1 3 2 3 0-3 0-5 1-8z" fill="#fff" />
</svg>
`;
