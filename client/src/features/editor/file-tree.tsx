import type { ProjectFile } from '@kiln/shared';
import {
  ChevronDown,
  ChevronRight,
  File,
  FilePlus,
  Folder,
  FolderOpen,
  FolderPlus,
  Pencil,
  Search,
  Trash2,
  Upload,
} from 'lucide-react';
import {
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { pickedFiles, readDroppedFiles, type UploadEntry } from './dropped-files';
import { buildFileTree, filterFileTree, flattenVisible, type TreeNode } from './file-tree-model';

/**
 * Spec editor 2.2: the project's files as a tree, folders expanded by default, with a filter
 * and keyboard navigation (arrows move, Left/Right fold and unfold, Enter opens).
 */
export function FileTree({
  files,
  selectedPath,
  dirtyPaths,
  onSelect,
  onCreate,
  onRename,
  onDelete,
  onUpload,
}: {
  files: ProjectFile[];
  selectedPath: string | null;
  dirtyPaths: ReadonlySet<string>;
  onSelect: (file: ProjectFile) => void;
  /** `parentPath` is '' for the root. */
  onCreate: (parentPath: string, kind: 'file' | 'folder') => void;
  onRename: (node: TreeNode) => void;
  onDelete: (node: TreeNode) => void;
  onUpload: (entries: UploadEntry[]) => void;
}) {
  const [filter, setFilter] = useState('');
  const [dragging, setDragging] = useState(false);
  const uploadInput = useRef<HTMLInputElement>(null);

  const onDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onUpload(await readDroppedFiles(event.dataTransfer));
  };
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [focused, setFocused] = useState<string | null>(null);

  const tree = useMemo(() => filterFileTree(buildFileTree(files), filter), [files, filter]);
  // While filtering, every matching folder is shown open.
  const rows = useMemo(
    () => flattenVisible(tree, filter.trim() ? new Set() : collapsed),
    [tree, collapsed, filter],
  );

  const toggle = (path: string, open?: boolean) =>
    setCollapsed((current) => {
      const next = new Set(current);
      const isOpen = !next.has(path);
      if (open ?? !isOpen) next.delete(path);
      else next.add(path);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = rows.findIndex((row) => row.node.path === (focused ?? selectedPath));
    const row = rows[index];
    const move = (to: number) => {
      const target = rows[Math.max(0, Math.min(rows.length - 1, to))];
      if (target) setFocused(target.node.path);
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'ArrowRight' && row?.node.isDirectory) toggle(row.node.path, true);
    else if (event.key === 'ArrowLeft' && row?.node.isDirectory) toggle(row.node.path, false);
    else if (event.key === 'Enter' && row) {
      if (row.node.isDirectory) toggle(row.node.path);
      else if (row.node.file) onSelect(row.node.file);
    } else return;
    event.preventDefault();
  };

  return (
    <div
      className="relative flex h-full flex-col"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => void onDrop(event)}
    >
      <div className="flex h-9 shrink-0 items-center gap-0.5 border-b px-2">
        <span className="text-muted-foreground flex-1 text-xs font-semibold tracking-wide uppercase">
          Files
        </span>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label="New File"
          title="New File"
          onClick={() => onCreate('', 'file')}
        >
          <FilePlus />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label="New Folder"
          title="New Folder"
          onClick={() => onCreate('', 'folder')}
        >
          <FolderPlus />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label="Upload files"
          title="Upload files"
          onClick={() => uploadInput.current?.click()}
        >
          <Upload />
        </Button>
        <input
          ref={uploadInput}
          type="file"
          multiple
          hidden
          data-testid="file-upload-input"
          onChange={(event) => {
            if (event.target.files) onUpload(pickedFiles(event.target.files));
            event.target.value = '';
          }}
        />
      </div>
      {dragging && (
        <div className="bg-background/85 border-primary text-primary pointer-events-none absolute inset-0 z-10 flex items-center justify-center border-2 border-dashed text-sm font-medium">
          Drop files to upload
        </div>
      )}
      <div className="relative p-2">
        <Search
          className="text-muted-foreground pointer-events-none absolute top-1/2 left-4 size-3.5 -translate-y-1/2"
          aria-hidden
        />
        <Input
          aria-label="Filter files"
          placeholder="Filter files..."
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="h-8 pl-7 text-xs"
        />
      </div>
      {files.length === 0 ? (
        <p className="text-muted-foreground px-4 py-6 text-center text-sm">No files yet</p>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground px-4 py-6 text-center text-sm">
          No files match “{filter}”
        </p>
      ) : (
        <div
          role="tree"
          aria-label="Project files"
          tabIndex={0}
          onKeyDown={onKeyDown}
          className="min-h-0 flex-1 overflow-auto pb-4 text-sm outline-none"
        >
          {rows.map(({ node, depth }) => {
            const isOpen = node.isDirectory && (filter.trim() !== '' || !collapsed.has(node.path));
            const selected = node.path === selectedPath;
            return (
              <div
                key={node.path}
                role="treeitem"
                aria-level={depth + 1}
                aria-selected={selected}
                aria-expanded={node.isDirectory ? isOpen : undefined}
                data-path={node.path}
                onClick={() => {
                  setFocused(node.path);
                  if (node.isDirectory) toggle(node.path);
                  else if (node.file) onSelect(node.file);
                }}
                className={cn(
                  'group/row flex cursor-pointer items-center gap-1.5 py-1 pr-2 select-none hover:bg-muted',
                  selected && 'bg-accent text-accent-foreground hover:bg-accent',
                  focused === node.path && 'ring-ring ring-1 ring-inset',
                )}
                style={{ paddingLeft: 8 + depth * 12 }}
              >
                {node.isDirectory ? (
                  <>
                    {isOpen ? (
                      <ChevronDown className="size-3.5 shrink-0" aria-hidden />
                    ) : (
                      <ChevronRight className="size-3.5 shrink-0" aria-hidden />
                    )}
                    {isOpen ? (
                      <FolderOpen className="text-primary size-4 shrink-0" aria-hidden />
                    ) : (
                      <Folder className="text-primary size-4 shrink-0" aria-hidden />
                    )}
                  </>
                ) : (
                  <File className="text-muted-foreground ml-5 size-4 shrink-0" aria-hidden />
                )}
                <span className="truncate">{node.name}</span>
                <span className="ml-auto hidden shrink-0 items-center group-hover/row:flex group-focus-within/row:flex">
                  {node.isDirectory && (
                    <RowAction
                      label={`New file in ${node.name}`}
                      onClick={() => onCreate(node.path, 'file')}
                    >
                      <FilePlus />
                    </RowAction>
                  )}
                  <RowAction label={`Rename ${node.name}`} onClick={() => onRename(node)}>
                    <Pencil />
                  </RowAction>
                  <RowAction label={`Delete ${node.name}`} onClick={() => onDelete(node)}>
                    <Trash2 />
                  </RowAction>
                </span>
                {dirtyPaths.has(node.path) && (
                  <span
                    className="bg-primary ml-auto size-2 shrink-0 rounded-full"
                    aria-label="Unsaved changes"
                  />
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** A hover action of a tree row; it does not also select or fold the row. */
function RowAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="text-muted-foreground hover:text-foreground rounded p-0.5 [&_svg]:size-3.5"
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {children}
    </button>
  );
}
