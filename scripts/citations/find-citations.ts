import path from 'node:path';

/**
 * Comments and documents may only point at what the repository holds: its files, its decision
 * records, docs/architecture.md, the API document. This finds the places that do not: a path
 * that names no file of the repository, and documents a clone never contains (the product's
 * planning documents, issue numbers).
 */
export interface CitationProblem {
  file: string;
  line: number;
  text: string;
  reason: string;
}

/** References to documents outside the repository, whatever their wording. */
const OUTSIDE_REFERENCES: { pattern: RegExp; reason: string }[] = [
  { pattern: /\b(?:DESIGN|STYLE)\.md\b/, reason: 'names a document the repository does not hold' },
  { pattern: /\.\.\/shared\//, reason: 'points outside the repository' },
  { pattern: /\b[Ii]ssues? #?\d+\b/, reason: 'cites an issue number, which a clone cannot read' },
  {
    pattern: /\b[Ss]pec(?:'s)?[ \t]+(?:editor|accounts|section|§)?[ \t-]*\d/,
    reason: 'cites a section of a specification the repository does not hold',
  },
];

/**
 * A path-like token: at least one slash, or a Markdown document's name. Example paths of users'
 * projects (src/util.js, css/a.css) are not Kiln's; a path counts as a citation when it starts
 * at a folder of the repository or of its packages.
 */
const PATH_TOKEN =
  /(?<![\w@:/.-])(?:[\w.-]+\/)+[\w.-]+\.(?:md|ts|tsx|mjs|cjs|js|json|sql|css|html|yml|yaml|sh)\b|(?<![\w/.-])[\w.-]+\.md\b/g;

const CITATION_START =
  /^(?:\.\/|\.\.\/)*(?:client|server|shared|e2e|bench|docs|scripts|modules|features|decisions|jobs|db|lib|sandbox|test|components|app)\/|^[A-Z][A-Z0-9_-]*\.md$/;

/** Paths that name something other than a file of the repository. */
const NOT_A_REPOSITORY_PATH =
  /(?:^https?:|node_modules\/|\*|<|\{|(?:^|\/)dist\/|DATA_DIR\/|^(?:DESIGN|STYLE)\.md$)/;

const SOURCE_FILE = /\.(?:ts|tsx|js|mjs|cjs|css)$/;

/**
 * The comment text of a source file, line by line (code lines answer ''). Quoted strings on a
 * line are skipped, so a string holding "//" or "/*" is not taken for a comment.
 */
export function commentLines(source: string): string[] {
  let inBlock = false;
  return source.split('\n').map((line) => {
    let comment = '';
    let quote: string | null = null;
    for (let index = 0; index < line.length; index += 1) {
      const character = line[index];
      const pair = line.slice(index, index + 2);
      if (inBlock) {
        if (pair === '*/') {
          inBlock = false;
          index += 1;
        } else comment += character;
      } else if (quote) {
        if (character === '\\') index += 1;
        else if (character === quote) quote = null;
      } else if (character === "'" || character === '"' || character === '`') {
        quote = character;
      } else if (pair === '//') {
        return comment + line.slice(index + 2);
      } else if (pair === '/*') {
        inBlock = true;
        index += 1;
      }
    }
    return comment;
  });
}

/** Tests name the files of the projects they build (src/util.js); only their prose is checked. */
const TEST_FILE = /\.(?:test|spec)\.tsx?$/;

/** The lines of a file whose citations are checked: comments of code, all of a document. */
function checkedLines(file: string, content: string): string[] {
  if (SOURCE_FILE.test(file)) return commentLines(content);
  if (file.endsWith('.md') || file.endsWith('.sql') || file === '.ci/run') {
    return content.split('\n');
  }
  return [];
}

export function findCitationProblems(
  files: ReadonlyMap<string, string>,
  allPaths: readonly string[] = [...files.keys()],
): CitationProblem[] {
  const known = new Set(allPaths);
  const exists = (from: string, cited: string) => {
    const clean = cited.replace(/^\.\//, '');
    if (known.has(clean)) return true;
    if (known.has(path.posix.normalize(path.posix.join(path.posix.dirname(from), clean)))) {
      return true;
    }
    // Comments name paths from the package or the module they live in (modules/ai/routes.ts).
    return allPaths.some((candidate) => candidate.endsWith(`/${clean}`));
  };
  const problems: CitationProblem[] = [];
  for (const [file, content] of files) {
    checkedLines(file, content).forEach((text, index) => {
      for (const { pattern, reason } of OUTSIDE_REFERENCES) {
        if (pattern.test(text)) problems.push({ file, line: index + 1, text: text.trim(), reason });
      }
      if (TEST_FILE.test(file)) return;
      for (const match of text.matchAll(PATH_TOKEN)) {
        const cited = match[0];
        if (!CITATION_START.test(cited) || NOT_A_REPOSITORY_PATH.test(cited)) continue;
        if (exists(file, cited)) continue;
        problems.push({
          file,
          line: index + 1,
          text: text.trim(),
          reason: `names ${cited}, which the repository does not hold`,
        });
      }
    });
  }
  return problems;
}
