import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATE_IDS, type TemplateFile, type TemplateId } from '@kiln/shared';
import { z } from 'zod';

/**
 * Each template's files are ordinary files in server/templates/<template id>/, so editors,
 * Prettier, ESLint and the language tools treat them as what they are (template-files.test.ts
 * parses every one). server/templates/manifest.json lists each template's files in the order
 * the API answers them: a string is a file of the template's own folder, and
 * `{ "path", "shared" }` puts server/templates/_shared/<shared> at `path`, for the pieces several
 * templates have in common (the Node .gitignore, the favicon, the React + TypeScript config).
 */
export const MANIFEST_FILE = 'manifest.json';
export const SHARED_FOLDER = '_shared';

/** A relative, normalised path that stays inside its folder: a typo cannot read elsewhere. */
const RelativePathSchema = z
  .string()
  .refine(
    (value) =>
      value !== '' &&
      !value.startsWith('/') &&
      !value.includes('\\') &&
      path.posix.normalize(value) === value &&
      !value.split('/').includes('..'),
    { message: 'must be a relative, normalised path inside the folder' },
  );

const ManifestEntrySchema = z.union([
  RelativePathSchema,
  z.strictObject({ path: RelativePathSchema, shared: RelativePathSchema }),
]);

/** Keyed by the catalogue's ids (shared/src/templates/catalog.ts): every id, and no other. */
const ManifestSchema = z.record(z.enum(TEMPLATE_IDS), z.array(ManifestEntrySchema).min(1));
export type TemplateManifest = z.infer<typeof ManifestSchema>;

/**
 * server/templates. From source this module is server/src/modules/templates; bundled, it is
 * server/dist/main.js, beside the copy server/scripts/build.mjs makes in server/dist/templates.
 */
export function templatesFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, 'templates'), path.resolve(here, '../../../templates')];
  const found = candidates.find((dir) => existsSync(path.join(dir, MANIFEST_FILE)));
  if (!found) throw new Error('Project templates folder (server/templates) was not found');
  return found;
}

/** server/templates/manifest.json, checked against the catalogue and for safe paths. */
export function readTemplateManifest(root: string): TemplateManifest {
  const file = path.join(root, MANIFEST_FILE);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Invalid template manifest ${file}: ${(error as Error).message}`);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`Invalid template manifest ${file}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Where a manifest entry's content is read from, relative to the templates folder. */
export function sourceOfEntry(id: TemplateId, entry: TemplateManifest[TemplateId][number]) {
  return typeof entry === 'string'
    ? { path: entry, source: path.posix.join(id, entry) }
    : { path: entry.path, source: path.posix.join(SHARED_FOLDER, entry.shared) };
}

/** Reads every template's files, exactly as stored (UTF-8 text, byte for byte). */
export function loadTemplateFolders(root: string): Record<TemplateId, readonly TemplateFile[]> {
  const manifest = readTemplateManifest(root);
  const loaded = {} as Record<TemplateId, readonly TemplateFile[]>;
  for (const id of TEMPLATE_IDS) {
    const seen = new Set<string>();
    loaded[id] = manifest[id].map((entry) => {
      const { path: filePath, source } = sourceOfEntry(id, entry);
      if (seen.has(filePath)) throw new Error(`Template ${id} lists ${filePath} twice`);
      seen.add(filePath);
      const file = path.join(root, source);
      if (!existsSync(file)) throw new Error(`Template ${id}: ${file} does not exist`);
      return { path: filePath, content: readFileSync(file, 'utf8'), isDirectory: false };
    });
  }
  return loaded;
}

let cache: Record<TemplateId, readonly TemplateFile[]> | undefined;

/** One template's files, read from disk on first use and kept for the life of the process. */
export function templateFiles(id: TemplateId): readonly TemplateFile[] {
  cache ??= loadTemplateFolders(templatesFolder());
  return cache[id];
}
