import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** The rules that fire on `code` as if it were the file at `file` (nothing is written). */
async function firedRules(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const BOUNDARY = 'import-x/no-restricted-paths';

describe('the boundaries lint enforces', () => {
  // The first lint loads the TypeScript projects for the import resolver: seconds on a busy
  // machine, more than a test's default time.
  beforeAll(() => firedRules('shared/src/x.ts', 'export const a = 1;\n'), 60_000);

  it.each([
    ['a feature imports the app', 'client/src/features/editor/x.ts', '../../app/routes'],
    ['a feature reaches into another', 'client/src/features/editor/x.ts', '../exec/use-run'],
    ['a feature imports another through its index', 'client/src/features/editor/x.ts', '../exec'],
    ['a nested file imports another feature', 'client/src/features/ai/api/x.ts', '../../agents'],
    ['client lib imports a feature', 'client/src/lib/x.ts', '../features/auth'],
    [
      'the workspace reaches into a feature',
      'client/src/app/workspace/x.ts',
      '../../features/exec/use-run',
    ],
    [
      'the app shell reaches into a feature',
      'client/src/app/app.tsx',
      '../features/auth/mutations',
    ],
    ['a module reaches into another', 'server/src/modules/ai/x.ts', '../files/service'],
    ['a module reads tables through db/schema', 'server/src/modules/ai/x.ts', '../../db/schema'],
    ['server lib imports a module', 'server/src/lib/x.ts', '../modules/auth'],
    ['the database layer imports a module', 'server/src/db/x.ts', '../modules/files'],
    ['the job queue imports a module', 'server/src/jobs/x.ts', '../modules/mail'],
    ['shared imports the server', 'shared/src/x.ts', '../../server/src/lib/app-error'],
    ['the client imports the server', 'client/src/lib/x.ts', '../../../server/src/lib/app-error'],
    ['the server imports the client', 'server/src/lib/x.ts', '../../../client/src/lib/request'],
  ])('refuses: %s', async (_case, file, from) => {
    const code = `import * as other from '${from}';\nexport const used = other;\n`;
    expect(await firedRules(file, code)).toContain(BOUNDARY);
  });

  it.each([
    ['a feature uses its own files', 'client/src/features/editor/x.ts', './dialogs/shortcuts'],
    ['the app composes a feature through its index', 'client/src/app/x.ts', '../features/exec'],
    [
      'the workspace composes a feature through its index',
      'client/src/app/workspace/x.ts',
      '../../features/exec',
    ],
    ['a page loads its own module', 'client/src/app/pages/x.tsx', '../../features/billing/x'],
    ['the routes load a page module', 'client/src/app/routes.tsx', '../features/auth/login-page'],
    ['a feature uses client lib', 'client/src/features/editor/x.ts', '../../lib/request'],
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

  it('refuses an import cycle in the server', async () => {
    // The file service runs its writes within projects' storage quota: the quota importing
    // files back closes a cycle.
    const code = "import * as files from '../files';\nexport const used = files;\n";
    expect(await firedRules('server/src/modules/projects/storage-quota.ts', code)).toContain(
      'import-x/no-cycle',
    );
    const acyclic = "import * as projects from '../projects';\nexport const used = projects;\n";
    expect(await firedRules('server/src/modules/files/x.ts', acyclic)).not.toContain(
      'import-x/no-cycle',
    );
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
