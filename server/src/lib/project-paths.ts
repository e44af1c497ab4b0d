/** The folders a path lies in, outermost first: `a/b/c.js` gives `a` and `a/b`. */
export function ancestorsOf(path: string): string[] {
  const segments = path.split('/');
  return segments.slice(0, -1).map((_, index) => segments.slice(0, index + 1).join('/'));
}

/** Whether `path` lies somewhere inside the folder `folder`. */
export function isInside(path: string, folder: string): boolean {
  return path.startsWith(`${folder}/`);
}

/** The last segment of a path: its file or folder name. */
export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;

/**
 * Orders paths as `byPath` does in the database (collation "C": UTF-8 bytes, which is code point
 * order). JavaScript compares UTF-16 units, which put characters beyond U+FFFF (surrogate pairs)
 * before U+E000-U+FFFF; this puts them after, as code points do.
 */
export function comparePaths(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    if (isSurrogate(x) !== isSurrogate(y)) return isSurrogate(x) ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
