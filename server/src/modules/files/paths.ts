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
