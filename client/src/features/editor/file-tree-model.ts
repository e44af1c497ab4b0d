import type { ProjectFile } from '@kiln/shared';

export interface TreeNode {
  name: string;
  path: string;
  isDirectory: boolean;
  file: ProjectFile | null;
  children: TreeNode[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Spec editor 2.2: the tree is built from slash-separated paths; folders come first, then items
 * alphabetically. Folders implied by a path (with no row of their own) still appear.
 */
export function buildFileTree(files: readonly ProjectFile[]): TreeNode[] {
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
 * Spec editor 5: the filter matches file names case-insensitively; a folder stays when
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

/** The visible rows of the tree in order, for keyboard navigation. */
export function flattenVisible(
  nodes: readonly TreeNode[],
  collapsed: ReadonlySet<string>,
  depth = 0,
): { node: TreeNode; depth: number }[] {
  return nodes.flatMap((node) => [
    { node, depth },
    ...(node.isDirectory && !collapsed.has(node.path)
      ? flattenVisible(node.children, collapsed, depth + 1)
      : []),
  ]);
}
