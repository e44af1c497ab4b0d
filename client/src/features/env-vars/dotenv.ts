/**
 * `.env` text as people write it: `KEY=value` lines, `export KEY=value`, comments (#), blank
 * lines, values in single quotes (literal), double quotes (with \n, \" and \\ escapes), or bare
 * (trimmed, a trailing ` # comment` dropped). Lines that are none of these are reported with
 * their number, so an import can say what it skipped.
 */
export interface DotenvEntry {
  key: string;
  value: string;
}

export interface ParsedDotenv {
  entries: DotenvEntry[];
  /** 1-based numbers of lines that could not be read. */
  skippedLines: number[];
}

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/;

function unquote(raw: string): string | null {
  const value = raw.trim();
  if (value.startsWith("'")) {
    const end = value.indexOf("'", 1);
    return end === -1 ? null : value.slice(1, end);
  }
  if (value.startsWith('"')) {
    let out = '';
    for (let index = 1; index < value.length; index += 1) {
      const character = value[index];
      if (character === '"') return out;
      if (character === '\\' && index + 1 < value.length) {
        const next = value[index + 1];
        out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
        index += 1;
      } else out += character;
    }
    return null;
  }
  return value.replace(/\s+#.*$/, '').trim();
}

export function parseDotenv(text: string): ParsedDotenv {
  const entries = new Map<string, string>();
  const skippedLines: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '' || line.trim().startsWith('#')) return;
    const match = LINE.exec(line);
    const value = match ? unquote(match[2] ?? '') : null;
    if (!match || value === null) {
      skippedLines.push(index + 1);
      return;
    }
    // A key given twice keeps its last value, as shells and dotenv libraries do.
    entries.set(match[1]!, value);
  });
  return { entries: [...entries].map(([key, value]) => ({ key, value })), skippedLines };
}

/** A value written so parseDotenv reads it back exactly: bare when plain, else double-quoted. */
function quote(value: string): string {
  if (/^[\w.,:/@+-]*$/.test(value)) return value;
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t');
  return `"${escaped}"`;
}

export function toDotenv(entries: readonly DotenvEntry[]): string {
  return entries.map(({ key, value }) => `${key}=${quote(value)}\n`).join('');
}
