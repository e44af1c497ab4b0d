import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** The rules that fire on `code` as if it were the file at `file` (nothing is written). */
async function firedRules(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const BOUNDARY = 'import-x/no-restricted-paths';

describe('the boundaries lint enforces', () => {
  it.each([
    ['a feature imports the app', 'client/src/features/editor/x.ts', '../../app/routes'],
    ['a feature reaches into another', 'client/src/features/editor/x.ts', '../exec/use-run'],
    ['client lib imports a feature', 'client/src/lib/x.ts', '../features/auth'],
    ['a module reaches into another', 'server/src/modules/ai/x.ts', '../files/service'],
    ['a module reads tables through db/schema', 'server/src/modules/ai/x.ts', '../../db/schema'],
    ['server lib imports a module', 'server/src/lib/x.ts', '../modules/auth'],
    ['the database layer imports a module', 'server/src/db/x.ts', '../modules/files'],
    ['the job queue imports a module', 'server/src/jobs/x.ts', '../modules/mail'],
    ['shared imports the server', 'shared/src/x.ts', '../../server/src/lib/app-error'],
  ])('refuses: %s', async (_case, file, from) => {
    const code = `import * as other from '${from}';\nexport const used = other;\n`;
    expect(await firedRules(file, code)).toContain(BOUNDARY);
  });

  it.each([
    ['a feature uses another through its index', 'client/src/features/editor/x.ts', '../exec'],
    ['a module uses another through its index', 'server/src/modules/ai/x.ts', '../files'],
    ['a module uses its own files', 'server/src/modules/ai/x.ts', './usage'],
    ["a module reads another's tables.ts", 'server/src/modules/ai/x.ts', '../files/tables'],
    [
      "the database layer gathers a module's tables",
      'server/src/db/x.ts',
      '../modules/files/tables',
    ],
    ['a module uses server lib', 'server/src/modules/ai/x.ts', '../../lib/app-error'],
  ])('allows: %s', async (_case, file, from) => {
    const code = `import * as other from '${from}';\nexport const used = other;\n`;
    expect(await firedRules(file, code)).not.toContain(BOUNDARY);
  });

  it('wants kebab-case file names', async () => {
    expect(await firedRules('server/src/lib/appError.ts', 'export const a = 1;\n')).toContain(
      'kiln/kebab-case-file-names',
    );
    expect(await firedRules('server/src/lib/app-error.test.ts', 'export const a = 1;\n')).toEqual(
      [],
    );
  });
});
