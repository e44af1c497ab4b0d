import type { ProjectFileEntry } from '@kiln/shared';

export interface TreeNode {
  name: string;
  path: string;
  isDirectory: boolean;
  file: ProjectFileEntry | null;
  children: TreeNode[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The tree is built from slash-separated paths; folders come first, then items
 * alphabetically. Folders implied by a path (with no row of their own) still appear.
 */
export function buildFileTree(files: readonly ProjectFileEntry[]): TreeNode[] {
  const root: TreeNode = { name: '', path: '', isDirectory: true, file: null, children: [] };
  const folders = new Map<string, TreeNode>([['', root]]);

  const folderFor = (path: string): TreeNode => {
    const existing = folders.get(path);
    if (existing) return existing;
    const slash = path.lastIndexOf('/');
    const parent = folderFor(slash === -1 ? '' : path.slice(0, slash));
    const node: TreeNode = {
      name: path.slice(slash + 1),
      path,
      isDirectory: true,
      file: null,
      children: [],
    };
    parent.children.push(node);
    folders.set(path, node);
    return node;
  };

  for (const file of files) {
    if (file.isDirectory) {
      folderFor(file.path).file = file;
      continue;
    }
    const slash = file.path.lastIndexOf('/');
    const parent = folderFor(slash === -1 ? '' : file.path.slice(0, slash));
    parent.children.push({
      name: file.path.slice(slash + 1),
      path: file.path,
      isDirectory: false,
      file,
      children: [],
    });
  }

  const sort = (nodes: TreeNode[]) => {
    nodes.sort(
      (a, b) => Number(b.isDirectory) - Number(a.isDirectory) || collator.compare(a.name, b.name),
    );
    nodes.forEach((node) => sort(node.children));
  };
  sort(root.children);
  return root.children;
}

/**
 * The filter matches file names case-insensitively; a folder stays when
 * anything inside it matches, so the match keeps its place in the tree.
 */
export function filterFileTree(nodes: readonly TreeNode[], filter: string): TreeNode[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...nodes];
  const keep = (node: TreeNode): TreeNode | null => {
    if (!node.isDirectory) return node.name.toLowerCase().includes(needle) ? node : null;
    const children = node.children.map(keep).filter((child): child is TreeNode => child !== null);
    if (children.length > 0) return { ...node, children };
    return node.name.toLowerCase().includes(needle) ? { ...node, children: [] } : null;
  };
  return nodes.map(keep).filter((node): node is TreeNode => node !== null);
}

/** One visible row of the tree, with its place among its siblings (aria-posinset/setsize). */
export interface TreeRow {
  node: TreeNode;
  depth: number;
  position: number;
  siblings: number;
}

/**
 * The rows of the tree that show, in order: every node whose folders are all open. The tree
 * renders only the rows on screen, and keyboard navigation moves through these.
 */
export function flattenVisible(
  nodes: readonly TreeNode[],
  collapsed: ReadonlySet<string>,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (level: readonly TreeNode[], depth: number) => {
    level.forEach((node, index) => {
      rows.push({ node, depth, position: index + 1, siblings: level.length });
      if (node.isDirectory && !collapsed.has(node.path)) visit(node.children, depth + 1);
    });
  };
  visit(nodes, 0);
  return rows;
}

/** The row keyboard navigation moves to from `index` (-1: none yet), or null to stay. */
export function rowAfterKey(rowCount: number, index: number, key: string): number | null {
  if (rowCount === 0) return null;
  if (key === 'ArrowDown') return Math.min(rowCount - 1, index + 1);
  if (key === 'ArrowUp') return Math.max(0, index - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return rowCount - 1;
  return null;
}

/**
 * Whether a key opens the focused row: Enter alone. Ctrl/Cmd+Enter is Run and
 * must reach the workspace's shortcut.
 */
export function opensRow(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'Enter' && !event.ctrlKey && !event.metaKey;
}
