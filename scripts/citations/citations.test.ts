import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commentLines, findCitationProblems } from './find-citations';
import { repositoryFiles } from './repository-files';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('citations in comments and documents', () => {
  it('finds what a clone cannot follow, and passes what it can', () => {
    const files = new Map([
      [
        'server/src/modules/x/routes.ts',
        [
          "import { a } from './a'; // see docs/architecture.md and modules/x/service.ts",
          '/* DESIGN.md section 3, issue 12 */',
          'const url = "https://example.com/a/b.ts"; // spec editor 7.2',
          '// server/src/gone.ts and decisions/0099-missing.md',
        ].join('\n'),
      ],
      ['server/src/modules/x/service.ts', ''],
      ['docs/architecture.md', 'Read [the records](decisions/0001-first.md); see ../shared/spec.'],
      ['docs/decisions/0001-first.md', ''],
      ['e2e/editor.spec.ts', '// writes src/util.js into the project'],
    ]);
    const problems = findCitationProblems(files).map((p) => `${p.file}:${p.line} ${p.reason}`);
    expect(problems).toEqual([
      'server/src/modules/x/routes.ts:2 names a document the repository does not hold',
      'server/src/modules/x/routes.ts:2 cites an issue number, which a clone cannot read',
      'server/src/modules/x/routes.ts:3 cites a section of a specification the repository does not hold',
      'server/src/modules/x/routes.ts:4 names server/src/gone.ts, which the repository does not hold',
      'server/src/modules/x/routes.ts:4 names decisions/0099-missing.md, which the repository does not hold',
      'docs/architecture.md:1 points outside the repository',
    ]);
  });

  it('reads only the comments of code', () => {
    expect(commentLines('const a = "// not a comment"; // a comment\n/* one\ntwo */ code')).toEqual(
      [' a comment', ' one', 'two '],
    );
  });

  it('holds for every comment and document of the repository', () => {
    const { paths, texts } = repositoryFiles(root);
    const problems = findCitationProblems(texts, paths).map(
      (p) => `${p.file}:${p.line}: ${p.reason}\n    ${p.text}`,
    );
    expect(problems.join('\n')).toBe('');
  });
});
