import type { ProjectFileEntry } from '@kiln/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
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
  memo,
  useCallback,
  useEffect,
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
import {
  buildFileTree,
  filterFileTree,
  flattenVisible,
  opensRow,
  rowAfterKey,
  type TreeNode,
  type TreeRow,
} from './file-tree-model';

/** Every row is one line high, so the window needs no measuring. */
const ROW_HEIGHT_PX = 28;
/** Rows rendered beyond each edge of the view, so a quick scroll shows no gap. */
const OVERSCAN_ROWS = 12;

interface RowActions {
  /** `parentPath` is '' for the root. */
  onCreate: (parentPath: string, kind: 'file' | 'folder') => void;
  onRename: (node: TreeNode) => void;
  onDelete: (node: TreeNode) => void;
}

/**
 * The project's files as a tree, folders expanded by default, with a filter
 * and keyboard navigation (arrows move, Left/Right fold and unfold, Enter opens). The tree is
 * windowed: the open folders are flattened into rows and only the rows on screen are
 * rendered, so a project of thousands of files renders as quickly as a small one.
 */
export function FileTree({
  files,
  selectedPath,
  dirtyPaths,
  onSelect,
  onUpload,
  readOnly = false,
  footer,
  ...actions
}: {
  files: ProjectFileEntry[];
  selectedPath: string | null;
  dirtyPaths: ReadonlySet<string>;
  onSelect: (file: ProjectFileEntry) => void;
  onUpload: (entries: UploadEntry[]) => void;
  /** A viewer's tree: files open, nothing is created, renamed, deleted or uploaded. */
  readOnly?: boolean;
  /** Shown under the rows, at the foot of the pane (the project's storage). */
  footer?: ReactNode;
} & RowActions) {
  const [filter, setFilter] = useState('');
  const [dragging, setDragging] = useState(false);
  const uploadInput = useRef<HTMLInputElement>(null);

  const onDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onUpload(await readDroppedFiles(event.dataTransfer));
  };

  return (
    <div
      className="relative flex h-full flex-col"
      onDragOver={(event) => {
        if (readOnly || !event.dataTransfer.types.includes('Files')) return;
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
        {!readOnly && (
          <>
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label="New File"
              title="New File"
              onClick={() => actions.onCreate('', 'file')}
            >
              <FilePlus />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label="New Folder"
              title="New Folder"
              onClick={() => actions.onCreate('', 'folder')}
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
          </>
        )}
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
        <p className="text-muted-foreground flex-1 px-4 py-6 text-center text-sm">No files yet</p>
      ) : (
        <TreeRows
          files={files}
          filter={filter}
          selectedPath={selectedPath}
          dirtyPaths={dirtyPaths}
          onSelect={onSelect}
          readOnly={readOnly}
          {...actions}
        />
      )}
      {footer}
    </div>
  );
}

function TreeRows({
  files,
  filter,
  selectedPath,
  dirtyPaths,
  onSelect,
  readOnly,
  ...actions
}: {
  files: ProjectFileEntry[];
  filter: string;
  selectedPath: string | null;
  dirtyPaths: ReadonlySet<string>;
  onSelect: (file: ProjectFileEntry) => void;
  readOnly: boolean;
} & RowActions) {
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [hasFocus, setHasFocus] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);

  const filtering = filter.trim() !== '';
  const tree = useMemo(() => filterFileTree(buildFileTree(files), filter), [files, filter]);
  // While filtering, every matching folder is shown open.
  const rows = useMemo(
    () => flattenVisible(tree, filtering ? new Set() : collapsed),
    [tree, collapsed, filtering],
  );

  // The app is not built with React Compiler, and only numbers from the virtualizer reach the
  // memoised rows, so its unmemoisable functions cannot leave a row stale.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT_PX,
    getItemKey: (index) => rows[index]?.node.path ?? index,
    overscan: OVERSCAN_ROWS,
    paddingEnd: 16,
  });

  // A file opened from elsewhere (quick open, a search result) is scrolled into view, once.
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (selectedPath === null || revealed.current === selectedPath) return;
    const index = rows.findIndex((row) => row.node.path === selectedPath);
    if (index === -1) return;
    revealed.current = selectedPath;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedPath, rows, virtualizer]);

  const toggle = useCallback(
    (path: string, open?: boolean) =>
      setCollapsed((current) => {
        const next = new Set(current);
        const isOpen = !next.has(path);
        if (open ?? !isOpen) next.delete(path);
        else next.add(path);
        return next;
      }),
    [],
  );

  const onRowClick = useCallback(
    (node: TreeNode) => {
      setFocused(node.path);
      if (node.isDirectory) toggle(node.path);
      else if (node.file) onSelect(node.file);
    },
    [onSelect, toggle],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys pressed on a row's action button are the button's.
    if (event.target !== event.currentTarget) return;
    const index = rows.findIndex((row) => row.node.path === (focused ?? selectedPath));
    const row = rows[index];
    const to = rowAfterKey(rows.length, index, event.key);
    if (to !== null) {
      const target = rows[to];
      if (target) {
        setFocused(target.node.path);
        virtualizer.scrollToIndex(to, { align: 'auto' });
      }
    } else if (event.key === 'ArrowRight' && row?.node.isDirectory) toggle(row.node.path, true);
    else if (event.key === 'ArrowLeft' && row?.node.isDirectory) toggle(row.node.path, false);
    else if (opensRow(event) && row) onRowClick(row.node);
    else return;
    event.preventDefault();
  };

  if (rows.length === 0) {
    return (
      <p className="text-muted-foreground px-4 py-6 text-center text-sm">
        No files match “{filter}”
      </p>
    );
  }

  return (
    <div
      ref={scroller}
      role="tree"
      aria-label="Project files"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
      }}
      onMouseLeave={() => setHovered(null)}
      className="min-h-0 flex-1 overflow-auto text-sm outline-none"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const { path, isDirectory } = row.node;
          return (
            <FileTreeRow
              key={item.key}
              row={row}
              top={item.start}
              isOpen={isDirectory && (filtering || !collapsed.has(path))}
              selected={path === selectedPath}
              focused={path === focused}
              dirty={dirtyPaths.has(path)}
              // Actions render on one row at a time: the one under the mouse, or the one
              // focused from the keyboard, so thousands of rows do not carry their buttons.
              showActions={!readOnly && (path === hovered || (hasFocus && path === focused))}
              onClick={onRowClick}
              onHover={setHovered}
              {...actions}
            />
          );
        })}
      </div>
    </div>
  );
}

const FileTreeRow = memo(function FileTreeRow({
  row,
  top,
  isOpen,
  selected,
  focused,
  dirty,
  showActions,
  onClick,
  onHover,
  onCreate,
  onRename,
  onDelete,
}: {
  row: TreeRow;
  top: number;
  isOpen: boolean;
  selected: boolean;
  focused: boolean;
  dirty: boolean;
  showActions: boolean;
  onClick: (node: TreeNode) => void;
  onHover: (path: string) => void;
} & RowActions) {
  const { node, depth } = row;
  return (
    <div
      role="treeitem"
      aria-level={depth + 1}
      aria-posinset={row.position}
      aria-setsize={row.siblings}
      aria-selected={selected}
      aria-expanded={node.isDirectory ? isOpen : undefined}
      data-path={node.path}
      onClick={() => onClick(node)}
      onMouseEnter={() => onHover(node.path)}
      className={cn(
        'absolute inset-x-0 top-0 flex cursor-pointer items-center gap-1.5 pr-2 select-none hover:bg-muted',
        selected && 'bg-accent text-accent-foreground hover:bg-accent',
        focused && 'ring-ring ring-1 ring-inset',
      )}
      style={{
        height: ROW_HEIGHT_PX,
        transform: `translateY(${top}px)`,
        paddingLeft: 8 + depth * 12,
      }}
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
      {showActions && (
        <span className="ml-auto flex shrink-0 items-center">
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
      )}
      {dirty && (
        <span
          className="bg-primary ml-auto size-2 shrink-0 rounded-full"
          aria-label="Unsaved changes"
        />
      )}
    </div>
  );
});

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
