// Deterministic project files for the benchmarks, and seeding them straight into the database.
//
// Source-like text: a seeded generator, a small vocabulary, code-shaped lines, so
// it compresses and searches like a real project. No word contains "kiln" or "needle", so the
// planted token is the only match.

export type Rand = () => number;

/** mulberry32 */
export function seeded(seed: number): Rand {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'user item value count index list map state props config options result error data request ' +
  'response handler render update create remove fetch load save store cache query filter sort ' +
  'format parse build token session event node tree path file name size width height color ' +
  'theme layout panel button input form field label title message status time date range ' +
  'limit offset page view model service client server route param header body stream buffer ' +
  'chunk queue worker task job timer retry delay scope context module plugin schema record ' +
  'entry key hash block line column text content source target output account project order ' +
  'price total amount invoice payment cart product image avatar profile email group role'
).split(' ');

const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const between = (rand: Rand, min: number, max: number) =>
  min + Math.floor(rand() * (max - min + 1));
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const ident = (rand: Rand) => pick(rand, WORDS) + (rand() < 0.6 ? capital(pick(rand, WORDS)) : '');
const typeName = (rand: Rand) => capital(pick(rand, WORDS)) + capital(pick(rand, WORDS));
const words = (rand: Rand, min: number, max: number) =>
  Array.from({ length: between(rand, min, max) }, () => pick(rand, WORDS)).join(' ');

function expression(rand: Rand): string {
  const kind = rand();
  if (kind < 0.2) return String(between(rand, 0, 4096));
  if (kind < 0.35) return `'${pick(rand, WORDS)}-${pick(rand, WORDS)}'`;
  if (kind < 0.6) return `${ident(rand)}(${ident(rand)}, ${between(rand, 1, 99)})`;
  if (kind < 0.8) return `${ident(rand)}.${pick(rand, WORDS)}`;
  return `${ident(rand)} ${pick(rand, ['+', '-', '*', '??', '||', '&&'])} ${ident(rand)}`;
}

function scriptBlock(rand: Rand, typed: boolean): string[] {
  const kind = rand();
  if (kind < 0.12) return [`// ${capital(words(rand, 5, 14))}.`, ''];
  if (kind < 0.25 && typed) {
    const fields = Array.from(
      { length: between(rand, 2, 6) },
      () =>
        `  ${ident(rand)}${rand() < 0.3 ? '?' : ''}: ${pick(rand, ['string', 'number', 'boolean', `${typeName(rand)}[]`])};`,
    );
    return [`export interface ${typeName(rand)} {`, ...fields, '}', ''];
  }
  if (kind < 0.4) return [`export const ${ident(rand)} = ${expression(rand)};`, ''];
  const params = Array.from({ length: between(rand, 0, 3) }, () =>
    typed ? `${pick(rand, WORDS)}: ${typeName(rand)}` : pick(rand, WORDS),
  );
  const body: string[] = [];
  for (let index = between(rand, 2, 9); index > 0; index -= 1) {
    const statement = rand();
    if (statement < 0.35) body.push(`  const ${ident(rand)} = ${expression(rand)};`);
    else if (statement < 0.55) {
      body.push(
        `  if (${ident(rand)} ${pick(rand, ['>', '<', '===', '!=='])} ${expression(rand)}) {`,
      );
      body.push(`    ${ident(rand)}.${pick(rand, WORDS)}(${expression(rand)});`);
      body.push('  }');
    } else if (statement < 0.7) {
      const item = pick(rand, WORDS);
      body.push(`  for (const ${item} of ${ident(rand)}) {`);
      body.push(`    ${ident(rand)}.push(${item}.${pick(rand, WORDS)});`);
      body.push('  }');
    } else body.push(`  ${ident(rand)}.${pick(rand, WORDS)}(${expression(rand)});`);
  }
  body.push(`  return ${expression(rand)};`);
  const returns = typed ? `: ${typeName(rand)}` : '';
  return [
    `export ${rand() < 0.2 ? 'async ' : ''}function ${ident(rand)}(${params.join(', ')})${returns} {`,
    ...body,
    '}',
    '',
  ];
}

function cssBlock(rand: Rand): string[] {
  const properties = Array.from({ length: between(rand, 2, 6) }, () => {
    const property = pick(rand, [
      'color',
      'margin',
      'padding',
      'width',
      'gap',
      'border',
      'font-size',
    ]);
    const value =
      property === 'color'
        ? `#${between(rand, 0, 0xffffff).toString(16).padStart(6, '0')}`
        : `${between(rand, 0, 64)}px`;
    return `  ${property}: ${value};`;
  });
  return [`.${pick(rand, WORDS)}-${pick(rand, WORDS)} {`, ...properties, '}', ''];
}

function htmlBlock(rand: Rand): string[] {
  const tag = pick(rand, ['section', 'div', 'article', 'aside']);
  return [
    `    <${tag} class="${pick(rand, WORDS)}-${pick(rand, WORDS)}">`,
    `      <h2>${capital(words(rand, 2, 5))}</h2>`,
    `      <p>${capital(words(rand, 8, 24))}.</p>`,
    `    </${tag}>`,
  ];
}

function markdownBlock(rand: Rand): string[] {
  const kind = rand();
  if (kind < 0.2) return [`## ${capital(words(rand, 2, 5))}`, ''];
  if (kind < 0.4) {
    return [
      ...Array.from({ length: between(rand, 2, 5) }, () => `- ${capital(words(rand, 3, 10))}`),
      '',
    ];
  }
  if (kind < 0.5) return ['```js', ...scriptBlock(rand, false).slice(0, -1), '```', ''];
  return [`${capital(words(rand, 20, 60))}.`, ''];
}

type Extension = 'ts' | 'js' | 'css' | 'html' | 'md';

const MIME: Record<Extension, string> = {
  ts: 'text/typescript',
  js: 'text/javascript',
  css: 'text/css',
  html: 'text/html',
  md: 'text/markdown',
};

/** About `bytes` of text of the kind the extension says, ending with a newline. */
export function sourceText(rand: Rand, extension: Extension, bytes: number): string {
  const lines: string[] = [];
  let length = 0;
  const push = (added: string[]) => {
    lines.push(...added);
    for (const line of added) length += line.length + 1;
  };
  const closing: string[] = [];
  if (extension === 'ts' || extension === 'js') {
    for (let index = between(rand, 1, 4); index > 0; index -= 1) {
      push([`import { ${ident(rand)}, ${ident(rand)} } from './${pick(rand, WORDS)}';`]);
    }
    push(['']);
  } else if (extension === 'html') {
    push([
      '<!DOCTYPE html>',
      '<html lang="en">',
      '  <head>',
      '    <meta charset="utf-8" />',
      `    <title>${capital(words(rand, 2, 4))}</title>`,
      '    <link rel="stylesheet" href="styles/main.css" />',
      '  </head>',
      '  <body>',
    ]);
    closing.push('    <script type="module" src="src/main.js"></script>', '  </body>', '</html>');
  } else if (extension === 'md') {
    push([`# ${capital(words(rand, 2, 5))}`, '']);
  }
  const closingLength = closing.reduce((sum, line) => sum + line.length + 1, 0);
  while (length + closingLength < bytes) {
    if (extension === 'ts' || extension === 'js') push(scriptBlock(rand, extension === 'ts'));
    else if (extension === 'css') push(cssBlock(rand));
    else if (extension === 'html') push(htmlBlock(rand));
    else push(markdownBlock(rand));
  }
  push(closing);
  return `${lines.join('\n')}\n`;
}

export interface SeedFile {
  path: string;
  content: string;
  mimeType: string;
}

export interface SeedProject {
  name: string;
  folders: string[];
  files: SeedFile[];
  bytes: number;
}

const EXTENSION_WEIGHTS: [Extension, number][] = [
  ['ts', 0.35],
  ['js', 0.25],
  ['css', 0.15],
  ['html', 0.1],
  ['md', 0.15],
];

function pickExtension(rand: Rand): Extension {
  let roll = rand();
  for (const [extension, weight] of EXTENSION_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return extension;
  }
  return 'ts';
}

/**
 * A project of `fileCount` files in nested folders (about one folder per eight files, up to five
 * deep), one index.html at the root and a mix of ts/js/css/html/md files of `minBytes`-`maxBytes`.
 */
export function generateProject(options: {
  name: string;
  seed: number;
  fileCount: number;
  minBytes: number;
  maxBytes: number;
}): SeedProject {
  const rand = seeded(options.seed);
  const top = ['src', 'docs', 'styles', 'public', 'tests', 'scripts'];
  const folders = top.slice(0, options.fileCount < 50 ? 2 : top.length);
  const folderTarget = Math.max(folders.length, Math.round(options.fileCount / 8));
  while (folders.length < folderTarget) {
    const parent = pick(rand, folders);
    if (parent.split('/').length >= 5) continue;
    folders.push(`${parent}/${pick(rand, WORDS)}-${folders.length}`);
  }
  const files: SeedFile[] = [
    {
      path: 'index.html',
      content: sourceText(rand, 'html', between(rand, options.minBytes, options.maxBytes)),
      mimeType: MIME.html,
    },
  ];
  for (let index = 1; index < options.fileCount; index += 1) {
    const extension = pickExtension(rand);
    const folder = rand() < 0.05 ? '' : `${pick(rand, folders)}/`;
    files.push({
      path: `${folder}${pick(rand, WORDS)}-${index}.${extension}`,
      content: sourceText(rand, extension, between(rand, options.minBytes, options.maxBytes)),
      mimeType: MIME[extension],
    });
  }
  const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0);
  return { name: options.name, folders, files, bytes };
}

export interface Planted {
  /** Files holding "KilnNeedle_nnn" (and how many times in all). */
  mixedFiles: number;
  mixedMatches: number;
  /** Files holding "kilnneedle_nnn" only. */
  lowerFiles: number;
  lowerMatches: number;
}

/**
 * Puts the token into `mixedCase` files as "KilnNeedle_nnn" and into `lowerCase` others as
 * "kilnneedle_nnn", 1-3 times each, at random lines.
 */
export function plantToken(
  project: SeedProject,
  options: { seed: number; mixedCase: number; lowerCase: number },
): Planted {
  const rand = seeded(options.seed);
  const chosen = new Set<number>();
  while (chosen.size < options.mixedCase + options.lowerCase) {
    chosen.add(between(rand, 0, project.files.length - 1));
  }
  const planted: Planted = { mixedFiles: 0, mixedMatches: 0, lowerFiles: 0, lowerMatches: 0 };
  [...chosen].forEach((fileIndex, order) => {
    const file = project.files[fileIndex]!;
    const lower = order >= options.mixedCase;
    const lines = file.content.split('\n');
    const times = between(rand, 1, 3);
    for (let time = 0; time < times; time += 1) {
      const token = `${lower ? 'kilnneedle' : 'KilnNeedle'}_${between(rand, 100, 999)}`;
      lines.splice(between(rand, 0, lines.length - 1), 0, `  const marker = '${token}';`);
    }
    file.content = lines.join('\n');
    if (lower) {
      planted.lowerFiles += 1;
      planted.lowerMatches += times;
    } else {
      planted.mixedFiles += 1;
      planted.mixedMatches += times;
    }
  });
  project.bytes = project.files.reduce((sum, item) => sum + Buffer.byteLength(item.content), 0);
  return planted;
}

// Seeding straight into the database (the benchmarks are about reading and saving the files).

export type Query = (
  sql: string,
  params?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

const ROWS_PER_INSERT = 250;

export async function insertProject(
  query: Query,
  email: string,
  project: SeedProject,
): Promise<string> {
  const { rows } = await query(
    'insert into projects (owner_id, name) values ((select id from users where lower(email) = lower($1)), $2) returning id',
    [email, project.name],
  );
  const id = String(rows[0]?.id);
  const records: unknown[][] = [
    ...project.folders.map((folder) => [id, folder, true, null, null, 0]),
    ...project.files.map((file) => [
      id,
      file.path,
      false,
      file.content,
      file.mimeType,
      Buffer.byteLength(file.content),
    ]),
  ];
  for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
    const batch = records.slice(start, start + ROWS_PER_INSERT);
    const values = batch.map((_, row) => {
      const base = row * 6;
      return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6})`;
    });
    await query(
      `insert into files (project_id, path, is_directory, content, mime_type, size) values ${values.join(',')}`,
      batch.flat(),
    );
  }
  return id;
}
