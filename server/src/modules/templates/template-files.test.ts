import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_IDS } from '@kiln/shared';
import { format } from 'prettier';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectProgram, needs } from '../../test/system-programs';
import { listTemplates } from './catalog';
import {
  MANIFEST_FILE,
  SHARED_FOLDER,
  loadTemplateFolders,
  readTemplateManifest,
  sourceOfEntry,
  templatesFolder,
} from './folders';

/**
 * The template folders (server/templates) as files: the manifest matches the folders, and every
 * file parses as its language. ESLint and Prettier see most of these files through the root
 * `npm run lint`; this also covers what they skip (Vue and Svelte components, the files
 * .prettierignore leaves out, Python, Go, Ruby).
 */

const root = templatesFolder();
/** Files at the top of server/templates that belong to no template. */
const TOP_LEVEL_FILES = [MANIFEST_FILE, '.gitignore'];

function walk(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? walk(path.join(dir, entry.name), relative) : [relative];
  });
}

/** Every template file on disk, relative to server/templates (shared pieces once). */
const diskFiles = walk(root).filter((file) => !TOP_LEVEL_FILES.includes(file));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const manifest = readTemplateManifest(root);

describe('template folders', () => {
  it('holds a folder per catalogue template, the shared pieces and the manifest, nothing else', () => {
    const top = fs.readdirSync(root).sort();
    expect(top).toEqual([...TOP_LEVEL_FILES, SHARED_FOLDER, ...TEMPLATE_IDS].sort());
    expect(Object.keys(manifest)).toEqual(TEMPLATE_IDS);
  });

  it.each(TEMPLATE_IDS)('%s: the manifest lists exactly the files of its folder', (id) => {
    const own = manifest[id].filter((entry) => typeof entry === 'string');
    expect([...own].sort()).toEqual(walk(path.join(root, id)).sort());
  });

  it('keeps each shared piece once, used by two templates or more', () => {
    const uses = new Map<string, number>();
    for (const id of TEMPLATE_IDS) {
      for (const entry of manifest[id]) {
        if (typeof entry === 'string') continue;
        uses.set(entry.shared, (uses.get(entry.shared) ?? 0) + 1);
      }
    }
    expect([...uses.keys()].sort()).toEqual(walk(path.join(root, SHARED_FOLDER)).sort());
    for (const [shared, count] of uses) expect(count, shared).toBeGreaterThanOrEqual(2);
  });

  it('serves every file exactly as stored, at the path the manifest gives it', () => {
    for (const template of listTemplates()) {
      expect(template.files.map((file) => file.path)).toEqual(
        manifest[template.id].map((entry) => sourceOfEntry(template.id, entry).path),
      );
      for (const [index, entry] of manifest[template.id].entries()) {
        const { source } = sourceOfEntry(template.id, entry);
        expect(template.files[index]!.content, source).toBe(read(source));
      }
    }
  });

  describe('refuses a broken folder', () => {
    let scratch: string;
    beforeAll(() => {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-template-folders-'));
    });
    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

    const writeManifest = (value: unknown) =>
      fs.writeFileSync(path.join(scratch, MANIFEST_FILE), JSON.stringify(value));
    const everyTemplate = (files: unknown[]) =>
      Object.fromEntries(TEMPLATE_IDS.map((id) => [id, files]));

    it('a manifest that is not JSON, lacks a catalogue template, or has another', () => {
      fs.writeFileSync(path.join(scratch, MANIFEST_FILE), '{ "blank": [ }');
      expect(() => readTemplateManifest(scratch)).toThrow(/Invalid template manifest/);
      const { blank: _blank, ...withoutBlank } = everyTemplate(['README.md']);
      writeManifest(withoutBlank);
      expect(() => readTemplateManifest(scratch)).toThrow(/Invalid template manifest/);
      writeManifest({ ...everyTemplate(['README.md']), extra: ['README.md'] });
      expect(() => readTemplateManifest(scratch)).toThrow(/Invalid template manifest/);
    });

    it.each(['../secret.txt', '/etc/passwd', 'a/../../b', 'a\\b', ''])(
      'a path that leaves its folder: %j',
      (bad) => {
        writeManifest(everyTemplate([bad]));
        expect(() => readTemplateManifest(scratch)).toThrow(/relative, normalised path/);
        writeManifest(everyTemplate([{ path: 'x', shared: bad }]));
        expect(() => readTemplateManifest(scratch)).toThrow(/relative, normalised path/);
      },
    );

    it('a listed file that is missing, or listed twice', () => {
      writeManifest(everyTemplate(['README.md']));
      expect(() => loadTemplateFolders(scratch)).toThrow(/does not exist/);
      for (const id of TEMPLATE_IDS) {
        fs.mkdirSync(path.join(scratch, id), { recursive: true });
        fs.writeFileSync(path.join(scratch, id, 'README.md'), '# Readme\n');
      }
      expect(loadTemplateFolders(scratch).blank).toEqual([
        { path: 'README.md', content: '# Readme\n', isDirectory: false },
      ]);
      writeManifest(everyTemplate(['README.md', { path: 'README.md', shared: 'x.md' }]));
      expect(() => loadTemplateFolders(scratch)).toThrow(/lists README\.md twice/);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Languages

type Kind =
  | 'json'
  | 'script'
  | 'vue'
  | 'svelte'
  | 'html'
  | 'angular-html'
  | 'css'
  | 'markdown'
  | 'python'
  | 'go'
  | 'go-mod'
  | 'ruby'
  | 'erb'
  | 'text';

const BY_EXTENSION: Record<string, Kind> = {
  '.json': 'json',
  '.js': 'script',
  '.mjs': 'script',
  '.cjs': 'script',
  '.jsx': 'script',
  '.ts': 'script',
  '.tsx': 'script',
  '.mts': 'script',
  '.cts': 'script',
  '.vue': 'vue',
  '.svelte': 'svelte',
  '.html': 'html',
  '.svg': 'html',
  '.css': 'css',
  '.md': 'markdown',
  '.py': 'python',
  '.go': 'go',
  '.rb': 'ruby',
  '.ru': 'ruby',
  '.erb': 'erb',
  // Nothing to parse: ignore lists, pip requirements, pytest's settings.
  '.gitignore': 'text',
  '.txt': 'text',
  '.ini': 'text',
};
const BY_NAME: Record<string, Kind> = { 'go.mod': 'go-mod', Gemfile: 'ruby', Rakefile: 'ruby' };
const BY_SHEBANG: Record<string, Kind> = { ruby: 'ruby', python3: 'python', node: 'script' };

/** The language of a template file, or undefined for a kind of file no check has been chosen for. */
function kindOf(file: string): Kind | undefined {
  const base = path.posix.basename(file);
  if (BY_NAME[base]) return BY_NAME[base];
  if (file.startsWith('angular-app/') && base.endsWith('.component.html')) return 'angular-html';
  const extension = path.posix.extname(base) || (base.startsWith('.') ? base : '');
  if (extension) return BY_EXTENSION[extension];
  const shebang = /^#!\/usr\/bin\/env (\w+)/.exec(read(file));
  return shebang ? BY_SHEBANG[shebang[1]!] : undefined;
}

const filesOf = (...kinds: Kind[]) => diskFiles.filter((file) => kinds.includes(kindOf(file)!));

/** Syntax errors of JavaScript or TypeScript (JSX by the file's extension), one line each. */
function scriptErrors(code: string, fileName: string): string[] {
  const { diagnostics = [] } = ts.transpileModule(code, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ESNext,
      module: ts.ModuleKind.ESNext,
      jsx: ts.JsxEmit.Preserve,
    },
  });
  return diagnostics.map((diagnostic) => {
    const where =
      diagnostic.file && diagnostic.start !== undefined
        ? `:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1}`
        : '';
    return `${fileName}${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

/** Throws on a syntax error: Prettier's parsers are the repository's HTML, CSS and Markdown tools. */
async function parseWithPrettier(code: string, parser: string, filepath: string): Promise<void> {
  await format(code, { parser, filepath });
}

interface Block {
  attributes: string;
  body: string;
}

function blocks(source: string, tag: 'script' | 'style'): Block[] {
  const pattern = new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'g');
  return [...source.matchAll(pattern)].map((match) => ({
    attributes: match[1]!,
    body: match[2]!,
  }));
}

/** A component's script blocks and the JavaScript expressions of its markup, checked by tsc. */
function componentScriptErrors(
  file: string,
  source: string,
  expressions: (markup: string) => string[],
): string[] {
  const scripts = blocks(source, 'script').flatMap(({ attributes, body }, index) =>
    scriptErrors(body, `${file}.script${index}.${/lang="ts"/.test(attributes) ? 'ts' : 'js'}`),
  );
  const markup = source.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '');
  const inMarkup = expressions(markup).flatMap((code) => scriptErrors(code, `${file}.markup.ts`));
  return [...scripts, ...inMarkup];
}

/** Vue: `{{ … }}`, bound attributes (`:x`, `v-if`, `v-model`…), handlers (`@x`) and `v-for`. */
function vueExpressions(markup: string): string[] {
  const expression = (code: string) => `void (${code});`;
  return [
    ...[...markup.matchAll(/\{\{([\s\S]*?)\}\}/g)].map((match) => expression(match[1]!)),
    ...[...markup.matchAll(/\s(?::|v-bind:)[\w.-]+="([^"]*)"/g)].map((match) =>
      expression(match[1]!),
    ),
    ...[...markup.matchAll(/\sv-(?:if|else-if|show|model|html|text)="([^"]*)"/g)].map((match) =>
      expression(match[1]!),
    ),
    ...[...markup.matchAll(/\s(?:@|v-on:)[\w.-]+="([^"]*)"/g)].map(
      (match) => `function handler($event: unknown) { ${match[1]!}; }`,
    ),
    ...[...markup.matchAll(/\sv-for="[^"]*?\s(?:in|of)\s([^"]*)"/g)].map((match) =>
      expression(match[1]!),
    ),
  ];
}

/** Svelte: every `{…}` of the markup (text, attributes, blocks such as `{#each … as …}`). */
function svelteExpressions(markup: string): string[] {
  const found: string[] = [];
  for (let start = markup.indexOf('{'); start !== -1; start = markup.indexOf('{', start + 1)) {
    let depth = 0;
    let end = start;
    for (; end < markup.length; end += 1) {
      if (markup[end] === '{') depth += 1;
      if (markup[end] === '}' && --depth === 0) break;
    }
    const tag = markup.slice(start + 1, end).trim();
    start = end;
    if (/^(?:\/|:else$|:then\b|:catch\b|#snippet\b)/.test(tag)) continue;
    const block = /^(?:#if|:else if|#key|#await|@html|@render|@debug)\s+([\s\S]*)$/.exec(tag);
    const each = /^#each\s+([\s\S]*?)\s+as\s/.exec(tag);
    const constant = /^@const\s+([\s\S]*)$/.exec(tag);
    if (constant) found.push(`const ${constant[1]!};`);
    else found.push(`void (${(block ?? each)?.[1] ?? tag});`);
  }
  return found;
}

describe('every template file parses as its language', () => {
  it('has a known language for every file', () => {
    expect(diskFiles.filter((file) => kindOf(file) === undefined)).toEqual([]);
    expect(diskFiles.length).toBeGreaterThan(100);
  });

  it.each(filesOf('json'))('%s: JSON.parse', (file) => {
    expect(() => JSON.parse(read(file))).not.toThrow();
  });

  it.each(filesOf('script'))('%s: TypeScript parser', (file) => {
    expect(scriptErrors(read(file), file)).toEqual([]);
  });

  it.each(filesOf('html', 'erb'))('%s: Prettier HTML parser', async (file) => {
    // ERB and Jinja tags are text to the HTML parser, which still checks the elements.
    await parseWithPrettier(read(file), 'html', file);
  });

  it.each(filesOf('angular-html'))('%s: Prettier Angular template parser', async (file) => {
    await parseWithPrettier(read(file), 'angular', file);
  });

  it.each(filesOf('css'))('%s: Prettier CSS parser', async (file) => {
    await parseWithPrettier(read(file), 'css', file);
  });

  it.each(filesOf('markdown'))('%s: Prettier Markdown parser', async (file) => {
    await parseWithPrettier(read(file), 'markdown', file);
  });

  it.each(filesOf('vue'))('%s: Vue SFC, its scripts, styles and expressions', async (file) => {
    const source = read(file);
    await parseWithPrettier(source, 'vue', file);
    for (const { body } of blocks(source, 'style')) await parseWithPrettier(body, 'css', file);
    expect(componentScriptErrors(file, source, vueExpressions)).toEqual([]);
  });

  it.each(filesOf('svelte'))('%s: Svelte markup, scripts, styles, expressions', async (file) => {
    const source = read(file);
    await parseWithPrettier(source, 'html', file);
    for (const { body } of blocks(source, 'style')) await parseWithPrettier(body, 'css', file);
    expect(componentScriptErrors(file, source, svelteExpressions)).toEqual([]);
  });

  describe('with the language tools, when installed', () => {
    let pycache: string;
    beforeAll(() => {
      pycache = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-template-pycache-'));
    });
    afterAll(() => fs.rmSync(pycache, { recursive: true, force: true }));

    /** Python is always checked: the Python templates are served, so the tool must be here. */
    it('Python: python3 -m py_compile', () => {
      const files = filesOf('python');
      expect(files.length).toBeGreaterThan(10);
      const result = spawnSync('python3', ['-m', 'py_compile', ...files], {
        cwd: root,
        encoding: 'utf8',
        // Compiled files go to a scratch folder, not __pycache__ folders in server/templates.
        env: { ...process.env, PYTHONPYCACHEPREFIX: pycache },
      });
      expect(result.error).toBeUndefined();
      expect(result.status, result.stderr).toBe(0);
    });

    it('Go: gofmt -l lists no file, and go mod edit reads go.mod', needs('go'), () => {
      // The Go that runs projects (Debian's newest versioned one), with its own gofmt.
      const goBin = path.dirname(detectProgram('go').path!);
      const files = filesOf('go');
      expect(files.length).toBeGreaterThan(0);
      const formatted = spawnSync(path.join(goBin, 'gofmt'), ['-e', '-l', ...files], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(formatted.status, formatted.stderr).toBe(0);
      expect(formatted.stdout.trim()).toBe('');
      for (const goMod of filesOf('go-mod')) {
        const parsed = spawnSync(path.join(goBin, 'go'), ['mod', 'edit', '-json', goMod], {
          cwd: root,
          encoding: 'utf8',
        });
        expect(parsed.status, `${goMod}: ${parsed.stderr}`).toBe(0);
      }
    });

    it('Ruby: ruby -c', needs('ruby'), () => {
      const files = filesOf('ruby');
      expect(files.length).toBeGreaterThan(5);
      for (const file of files) {
        const result = spawnSync('ruby', ['-c', file], { cwd: root, encoding: 'utf8' });
        expect(result.status, `${file}: ${result.stderr}`).toBe(0);
      }
    });
  });
});

describe('the checks themselves', () => {
  it('report broken code', async () => {
    expect(() => JSON.parse('{"a": 1,}')).toThrow();
    expect(scriptErrors('const a = ;', 'broken.js')).not.toEqual([]);
    expect(scriptErrors('const a: number = <div>;', 'broken.tsx')).not.toEqual([]);
    expect(scriptErrors('let a: number = 1;', 'typed.js')).not.toEqual([]);
    await expect(parseWithPrettier('<div><span></div>', 'html', 'x.html')).rejects.toThrow();
    await expect(parseWithPrettier('a { color: red;', 'css', 'x.css')).rejects.toThrow();
    // A broken script block and a broken expression in the markup are both reported.
    const vue = '<template><p>{{ a + }}</p></template>\n<script setup>\nconst x = ;\n</script>';
    const svelte = '<script>let a = ;</script>\n{#each items as item}<p>{item +}</p>{/each}';
    for (const errors of [
      componentScriptErrors('x.vue', vue, vueExpressions),
      componentScriptErrors('x.svelte', svelte, svelteExpressions),
    ]) {
      expect(errors.some((error) => error.includes('.script0.'))).toBe(true);
      expect(errors.some((error) => error.includes('.markup.'))).toBe(true);
    }
  });

  it('reports a Python syntax error', () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-broken-python-'));
    try {
      fs.writeFileSync(path.join(scratch, 'broken.py'), 'def f(:\n    pass\n');
      const result = spawnSync('python3', ['-m', 'py_compile', 'broken.py'], {
        cwd: scratch,
        encoding: 'utf8',
        env: { ...process.env, PYTHONPYCACHEPREFIX: scratch },
      });
      expect(result.status).not.toBe(0);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
