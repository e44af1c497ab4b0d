import type { ProjectFile } from '@kiln/shared';
import { ChevronRight } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import { useParams } from 'wouter';
import NotFoundPage from '../../app/not-found-page';
import { errorStatus } from '../../lib/request';
import { useProject, useProjectFiles } from './api';
import { ConflictDialog } from './conflict-dialog';
import { EditorHeader } from './editor-header';
import { EditorSkeleton } from './editor-skeleton';
import { CreateFileDialog, DeleteFileDialog, RenameDialog } from './file-dialogs';
import { FileTree } from './file-tree';
import type { TreeNode } from './file-tree-model';
import { pickInitialFile } from './initial-selection';
import { SidePanel } from './side-panel';
import { useAutosave } from './use-autosave';
import { useFileActions } from './use-file-actions';

const CodeEditor = lazy(() => import('./code-editor'));

/** Spec editor 2.1: the editor route, /editor/{id}. */
export default function EditorPage() {
  const { id = '' } = useParams<{ id: string }>();
  const project = useProject(id);
  if (project.isError && errorStatus(project.error) === 404) return <NotFoundPage />;
  return <Workspace projectId={id} projectName={project.data?.name ?? ''} />;
}

function Workspace({ projectId, projectName }: { projectId: string; projectName: string }) {
  const files = useProjectFiles(projectId);
  const autosave = useAutosave(projectId);
  // Undefined until the person picks (or deletes) a file: until then the spec's initial choice
  // applies. Null is a cleared selection (spec editor 4: deleting the open file).
  const [chosenPath, setChosenPath] = useState<string | null | undefined>(undefined);
  const [creating, setCreating] = useState<{ parent: string; kind: 'file' | 'folder' } | null>(
    null,
  );
  const [renaming, setRenaming] = useState<TreeNode | null>(null);
  const [deleting, setDeleting] = useState<TreeNode | null>(null);
  // Column widths are remembered per project (issue 4).
  const layout = useDefaultLayout({ id: `kiln-editor-${projectId}`, storage: localStorage });

  const fileList = useMemo(() => files.data ?? [], [files.data]);
  const selectedPath =
    chosenPath === undefined ? (pickInitialFile(fileList)?.path ?? null) : chosenPath;
  const selected = fileList.find((file) => file.path === selectedPath && !file.isDirectory) ?? null;

  const { saveAll } = autosave;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveAll();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [saveAll]);

  // Changes whenever any file is saved, so the preview reloads with the new files.
  const revision = useMemo(
    () => `${fileList.length}:${fileList.reduce((sum, file) => sum + file.version, 0)}`,
    [fileList],
  );
  const dirtyPaths = useMemo(() => new Set(Object.keys(autosave.drafts)), [autosave.drafts]);
  const onSelect = useCallback((file: ProjectFile) => setChosenPath(file.path), []);
  const actions = useFileActions({
    projectId,
    selectedPath,
    select: setChosenPath,
    flush: autosave.saveAll,
  });

  return (
    <div className="flex h-dvh flex-col">
      <EditorHeader
        projectName={projectName}
        saveState={autosave.state}
        lastSavedAt={autosave.lastSavedAt}
        onSave={() => void autosave.saveAll()}
      />
      <Group
        orientation="horizontal"
        className="min-h-0 flex-1"
        defaultLayout={layout.defaultLayout}
        onLayoutChanged={layout.onLayoutChanged}
      >
        <Panel id="files" defaultSize="16%" minSize="10%" maxSize="30%" className="bg-card">
          {files.isPending ? (
            <p className="text-muted-foreground p-4 text-sm">Loading files...</p>
          ) : (
            <FileTree
              files={fileList}
              selectedPath={selectedPath}
              dirtyPaths={dirtyPaths}
              onSelect={onSelect}
              onCreate={(parent, kind) => setCreating({ parent, kind })}
              onRename={setRenaming}
              onDelete={setDeleting}
              onUpload={(entries) => void actions.upload(entries)}
            />
          )}
        </Panel>
        <Separator className="bg-border hover:bg-primary/60 w-px transition-colors data-[separator=active]:bg-primary" />
        <Panel id="editor" defaultSize="50%" minSize="30%">
          {selected ? (
            <div className="flex h-full flex-col">
              <nav
                aria-label="Breadcrumbs"
                className="text-muted-foreground flex h-8 shrink-0 items-center gap-1 border-b px-3 text-xs"
              >
                {selected.path.split('/').map((part, index, parts) => (
                  <span key={index} className="flex items-center gap-1">
                    {index > 0 && <ChevronRight className="size-3" aria-hidden />}
                    <span className={index === parts.length - 1 ? 'text-foreground' : ''}>
                      {part}
                    </span>
                  </span>
                ))}
                {dirtyPaths.has(selected.path) && (
                  <span
                    className="bg-primary ml-1 size-2 rounded-full"
                    aria-label="Unsaved changes"
                    data-testid="unsaved-dot"
                  />
                )}
              </nav>
              <div className="min-h-0 flex-1">
                {selected.isBinary ? (
                  <p className="text-muted-foreground p-6 text-sm">
                    {selected.path} is a binary file ({selected.mimeType ?? 'unknown type'}) and
                    cannot be edited here.
                  </p>
                ) : (
                  <Suspense fallback={<EditorSkeleton />}>
                    <CodeEditor
                      path={selected.path}
                      initialValue={
                        autosave.drafts[selected.path]?.content ?? selected.content ?? ''
                      }
                      onChange={(content) => autosave.edit(selected, content)}
                    />
                  </Suspense>
                )}
              </div>
            </div>
          ) : (
            <div className="text-muted-foreground flex h-full items-center justify-center p-6 text-sm">
              Select a file to start editing
            </div>
          )}
        </Panel>
        <Separator className="bg-border hover:bg-primary/60 w-px transition-colors data-[separator=active]:bg-primary" />
        <Panel id="side" defaultSize="34%" minSize="25%" maxSize="60%" className="bg-card">
          <SidePanel
            projectId={projectId}
            selectedPath={selected?.path ?? null}
            revision={revision}
          />
        </Panel>
      </Group>
      <ConflictDialog conflict={autosave.conflict} onResolve={autosave.resolveConflict} />
      <CreateFileDialog
        key={creating ? `${creating.parent}|${creating.kind}` : 'closed'}
        parentPath={creating?.parent ?? null}
        initialKind={creating?.kind}
        pending={actions.pending}
        onCancel={() => setCreating(null)}
        onCreate={async (path, isDirectory) => {
          if (await actions.create(path, isDirectory)) setCreating(null);
        }}
      />
      <RenameDialog
        key={renaming?.path ?? 'closed'}
        path={renaming?.path ?? null}
        pending={actions.pending}
        onCancel={() => setRenaming(null)}
        onRename={async (path) => {
          if (renaming?.file && (await actions.rename(renaming.file, path))) setRenaming(null);
        }}
      />
      <DeleteFileDialog
        target={deleting}
        pending={actions.pending}
        onCancel={() => setDeleting(null)}
        onDelete={async () => {
          if (deleting?.file && (await actions.remove(deleting.file))) setDeleting(null);
        }}
      />
    </div>
  );
}
