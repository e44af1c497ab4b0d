import { pickInitialFile, type ProjectFileEntry } from '@kiln/shared';
import { ChevronRight } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import { Group, Panel, Separator, useDefaultLayout, usePanelRef } from 'react-resizable-panels';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { useParams } from 'wouter';
import NotFoundPage from '../../components/not-found-page';
import { ApiError } from '../../lib/api-error';
import { GenerationBanner, useAiStatus } from '../ai';
import { AgentPanel, agentContextFiles, useAgentPanelToggle } from '../agents';
import { runAvailability, useRun } from '../exec';
import { AppLogView, DevServerControls, isAppProject, useDevServer } from '../dev-server';
import { TerminalPanel, useShellTabs } from '../terminal';
import { useProject, useProjectFiles, useRefreshFiles } from './api';
import { ConflictDialog } from './conflict-dialog';
import { GoToLineDialog } from './dialogs/go-to-line-dialog';
import { QuickOpenDialog } from './dialogs/quick-open-dialog';
import { SearchDialog } from './dialogs/search-dialog';
import { isMacPlatform, shortcutLabel } from './dialogs/shortcuts';
import { EnvVarsDialog } from '../env-vars';
import { DatabaseToolsDialog } from '../database';
import { GitHubDialog } from '../git-sync';
import { StorageMeter } from '../storage';
import { DeployDialog } from '../deployment';
import type { CodeEditorHandle } from '../quick-actions';
import { ShortcutsDialog } from './dialogs/shortcuts-dialog';
import { useFocusReturn } from './dialogs/use-focus-return';
import { useWorkspaceShortcuts } from './dialogs/use-workspace-shortcuts';
import { EditorHeader } from './editor-header';
import { ShareButton, useProjectMembers, ViewOnlyBanner } from '../members';
import { PresenceAvatars, usePresence, useReloadOnRemoteSave } from '../presence';
import { EditorSkeleton } from './editor-skeleton';
import { CreateFileDialog, DeleteFileDialog, RenameDialog } from './file-dialogs';
import { FileTree } from './file-tree';
import type { TreeNode } from './file-tree-model';
import { SidePanel, type SideTab } from './side-panel';
import { TerminalSplit, useTerminalPanel } from './terminal-split';
import { useAutosave } from './use-autosave';
import { useFileActions } from './use-file-actions';
import { useOpenFile } from './use-open-file';
import { PhoneWorkspace, type PhonePane } from './phone-workspace';
import { isHtmlPath, previewPagePath } from './preview/preview-page';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';

// Monaco starts downloading with the page, in parallel with the file list, rather than after
// the tree has rendered (bench/editor showed ~600 ms lost at 2,000 files).
const loadCodeEditor = () => import('./code-editor');
const CodeEditor = lazy(loadCodeEditor);

type WorkspaceDialog =
  | 'quickOpen'
  | 'search'
  | 'goToLine'
  | 'shortcuts'
  | 'envVars'
  | 'databaseTools'
  | 'github'
  | 'deploy';
type MonacoEditorInstance = Monaco.editor.IStandaloneCodeEditor;

/** The editor route, /editor/{id}. */
export default function EditorPage() {
  const { id = '' } = useParams<{ id: string }>();
  useEffect(() => {
    void loadCodeEditor();
  }, []);
  const project = useProject(id);
  if (project.error instanceof ApiError && project.error.status === 404) return <NotFoundPage />;
  return <Workspace projectId={id} projectName={project.data?.name ?? ''} />;
}

function Workspace({ projectId, projectName }: { projectId: string; projectName: string }) {
  const files = useProjectFiles(projectId);
  const presence = usePresence(projectId);
  const autosave = useAutosave(projectId, { onSaved: presence.fileSaved });
  // Until the role is known the project is shown as its owner sees it (the usual case); the
  // server refuses what the role does not allow either way.
  const members = useProjectMembers(projectId);
  const role = members.data?.yourRole ?? 'owner';
  const viewOnly = role === 'viewer';
  const ownerName = members.data?.members.find((member) => member.role === 'owner')?.name ?? null;
  // Undefined until the person picks (or deletes) a file: until then the initial choice
  // (pickInitialFile) applies. Null is a cleared selection (the open file was deleted).
  const [chosenPath, setChosenPath] = useState<string | null | undefined>(undefined);
  const [creating, setCreating] = useState<{ parent: string; kind: 'file' | 'folder' } | null>(
    null,
  );
  const [renaming, setRenaming] = useState<TreeNode | null>(null);
  const [deleting, setDeleting] = useState<TreeNode | null>(null);
  // One dialog at a time: a shortcut replaces the open one rather than stacking on it.
  const [dialog, setDialog] = useState<WorkspaceDialog | null>(null);
  const [sideTab, setSideTab] = useState<SideTab | null>(null);
  const [lineCount, setLineCount] = useState(1);
  const editorRef = useRef<MonacoEditorInstance | null>(null);
  // The Quick Actions tab reads the code editor's text and selection, and makes its diff with
  // the same Monaco; each Cmd/Ctrl+. asks it to take the focus.
  const [codeEditor, setCodeEditor] = useState<CodeEditorHandle | null>(null);
  const [quickActionsFocus, setQuickActionsFocus] = useState(0);
  // A page has no Quick Actions tab; the shortcut shows it anyway while that page stays open.
  const [actionsPage, setActionsPage] = useState<string | null>(null);
  const filesPanel = usePanelRef();
  const pendingReveal = useRef<{ path: string; line: number; column: number } | null>(null);
  // Column widths are remembered per project.
  const layout = useDefaultLayout({ id: `kiln-editor-${projectId}`, storage: localStorage });

  const fileList = useMemo(() => files.data ?? [], [files.data]);
  const selectedPath =
    chosenPath === undefined ? (pickInitialFile(fileList)?.path ?? null) : chosenPath;
  const selected = fileList.find((file) => file.path === selectedPath && !file.isDirectory) ?? null;
  // The list has no content: the selected file's text is fetched as it is opened.
  const openFile = useOpenFile(projectId, fileList, selected);
  const { setActiveFile } = presence;
  const selectedFilePath = selected?.path ?? null;
  useEffect(() => setActiveFile(selectedFilePath), [setActiveFile, selectedFilePath]);
  const shownFile = openFile.file;
  const shownPath = openFile.loading ? null : (shownFile?.path ?? null);

  // Changes whenever any file is saved, so the preview reloads with the new files.
  const revision = useMemo(
    () => `${fileList.length}:${fileList.reduce((sum, file) => sum + file.version, 0)}`,
    [fileList],
  );
  const dirtyPaths = useMemo(() => new Set(Object.keys(autosave.drafts)), [autosave.drafts]);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [phonePane, setPhonePane] = useState<PhonePane>('code');
  // The right column shows the AI agents instead of its tabs while toggled on; on a
  // phone they take the Preview & AI pane.
  const agentToggle = useAgentPanelToggle();
  const agentUnavailable = useAiStatus().data?.configured === false;
  const agentShown = agentToggle.open && !agentUnavailable;
  const refreshFiles = useRefreshFiles(projectId);
  useReloadOnRemoteSave({
    presence,
    openPath: selectedFilePath,
    unsavedPaths: dirtyPaths,
    refreshFiles,
  });
  // On a phone, opening a file from Files shows it in Code.
  const onSelect = useCallback((file: ProjectFileEntry) => {
    setChosenPath(file.path);
    setPhonePane('code');
  }, []);
  // The page the Preview tab shows stays the one shown last while its CSS or script is open.
  const [lastPage, setLastPage] = useState<string | null>(null);
  if (selected && isHtmlPath(selected.path) && selected.path !== lastPage) {
    setLastPage(selected.path);
  }
  const previewPath = previewPagePath(fileList, selected?.path ?? null, lastPage);
  // A file the AI names (its 'Files Updated' list) opens as if picked in the tree.
  const openByPath = useCallback(
    (path: string) => {
      const file = fileList.find((entry) => entry.path === path && !entry.isDirectory);
      if (file) onSelect(file);
    },
    [fileList, onSelect],
  );

  // The AI agent, or an undo of its turn, changes files on the server: the refreshed list then
  // names a new version of the open file, whose Monaco model still holds the text it was
  // created with. It takes the new text unless it has unsaved edits; those stay, and meet the
  // change at their next save (the conflict dialog).
  const applyingServerText = useRef(false);
  const shownVersion = useRef<string | null>(null);
  useEffect(() => {
    if (!shownFile || openFile.loading) return;
    const key = `${shownFile.id}:${shownFile.version}`;
    const previous = shownVersion.current;
    shownVersion.current = key;
    if (previous === null || previous === key || autosave.drafts[shownFile.path]) return;
    const { path, content } = shownFile;
    void import('./monaco-setup').then(({ setOpenFileContent }) => {
      // Not an edit of the person's: no draft, nothing to save.
      applyingServerText.current = true;
      try {
        setOpenFileContent(path, content ?? '');
      } finally {
        applyingServerText.current = false;
      }
    });
  }, [shownFile, openFile.loading, autosave.drafts]);

  const reveal = useCallback((line: number, column = 1) => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.setPosition({ lineNumber: line, column });
    editor.revealLineInCenter(line);
    editor.focus();
  }, []);

  // A search result or a review finding: the file opens (on a phone, in Code) with the cursor
  // at the line; in another file, once its model is in place.
  const openAt = useCallback(
    (path: string, line: number, column = 1) => {
      setPhonePane('code');
      if (path === shownPath) {
        reveal(line, column);
        return;
      }
      if (!fileList.some((file) => file.path === path && !file.isDirectory)) {
        toast({ title: 'File not found', description: `${path} is not in this project.` });
        return;
      }
      pendingReveal.current = { path, line, column };
      setChosenPath(path);
    },
    [fileList, shownPath, reveal],
  );

  useEffect(() => {
    const target = pendingReveal.current;
    if (!target || target.path !== shownPath) return;
    const frame = requestAnimationFrame(() => {
      pendingReveal.current = null;
      reveal(target.line, target.column);
    });
    return () => cancelAnimationFrame(frame);
  }, [shownPath, reveal]);

  // An install may write a lockfile: the tree shows it.
  const runner = useRun(projectId, { onInstalled: refreshFiles });
  // An app (package.json, Flask, Django, Go, a run setting): Run app starts it, the preview shows it.
  const isApp = useMemo(() => isAppProject(fileList.map((file) => file.path)), [fileList]);
  const app = useDevServer(projectId, isApp && !viewOnly);
  const terminal = useTerminalPanel();
  const shellTabs = useShellTabs();
  const [isMac] = useState(isMacPlatform);
  const run = runAvailability(selected?.path ?? null, {
    runShortcut: shortcutLabel('run', isMac),
    previewShortcut: shortcutLabel('preview', isMac),
    canPreview: previewPath !== null,
  });

  // False when there is no code editor on screen to take the focus.
  const focusEditor = useCallback(() => {
    const editor = editorRef.current;
    const node = editor?.getContainerDomNode();
    if (!editor || !node?.isConnected || node.getClientRects().length === 0) return false;
    editor.focus();
    return true;
  }, []);
  const focusReturn = useFocusReturn(focusEditor);

  // The editor's text is what runs (and what the agents are given), saved or not. Monaco holds
  // the freshest copy (a draft is one render behind a keystroke); a file without an open model
  // uses its draft.
  const editorText = (file: ProjectFileEntry): string | null => {
    const model = editorRef.current?.getModel();
    if (model && !model.isDisposed() && model.uri.path === `/${file.path}`) return model.getValue();
    return (
      autosave.drafts[file.path]?.content ??
      (file.path === shownPath ? shownFile?.content : null) ??
      null
    );
  };
  const agentFiles = () => {
    const text = selected && !selected.isBinary ? editorText(selected) : null;
    return agentContextFiles({
      openFile: selected && text !== null ? { path: selected.path, content: text } : null,
      drafts: autosave.drafts,
    });
  };

  // Run app: the log opens under the editor and the preview beside it, where the app shows.
  const startApp = () => {
    terminal.show();
    shellTabs.showOutput();
    setSideTab('preview');
    setPhonePane('side');
    void app.start();
  };

  const runSelected = () => {
    if (!selected) {
      toast({
        title: 'No file selected',
        description: 'Please select a file to execute.',
        variant: 'destructive',
      });
      return;
    }
    // The Run button is unavailable for such a file; its shortcut says why instead.
    if (!run.runnable) {
      toast({ title: 'Nothing to run', description: run.reason });
      return;
    }
    // A binary file has no text; the server says it cannot run.
    const code = editorText(selected) ?? (selected.isBinary ? '' : null);
    if (code === null) {
      // Its text is still on its way: running now would run an empty file.
      toast({ title: 'The file is still loading', description: 'Run it again in a moment.' });
      return;
    }
    terminal.show();
    shellTabs.showOutput();
    setPhonePane('code');
    void runner.run({ filePath: selected.path, code });
  };

  // The shortcut lands in a shell, opening Terminal 1 the first time; pressed again it hides
  // the panel, and the focus goes back to the code if it was in the panel.
  const terminalPanelRef = useRef<HTMLDivElement>(null);
  const toggleTerminal = () => {
    if (!terminal.open) {
      terminal.show();
      shellTabs.focusShell();
      return;
    }
    const focusWasInPanel = terminalPanelRef.current?.contains(document.activeElement) ?? false;
    terminal.toggle();
    if (focusWasInPanel) focusEditor();
  };

  const { bindEditor } = useWorkspaceShortcuts({
    quickOpen: () => setDialog('quickOpen'),
    searchInFiles: () => setDialog('search'),
    goToLine: () => {
      if (!selected) return;
      setLineCount(editorRef.current?.getModel()?.getLineCount() ?? 1);
      setDialog('goToLine');
    },
    toggleSidebar: () => {
      if (isPhone) {
        setPhonePane((pane) => (pane === 'files' ? 'code' : 'files'));
        return;
      }
      const panel = filesPanel.current;
      if (!panel) return;
      if (panel.isCollapsed()) panel.expand();
      else panel.collapse();
    },
    save: () => void autosave.saveAll(),
    saveAll: () => void autosave.saveAll(),
    newFile: () => setCreating({ parent: '', kind: 'file' }),
    run: runSelected,
    preview: () => {
      if (!previewPath) return;
      setSideTab('preview');
      setPhonePane('side');
    },
    terminal: toggleTerminal,
    aiSuggestions: () => {
      if (agentShown) agentToggle.toggle();
      setSideTab('actions');
      setActionsPage(selected?.path ?? null);
      setPhonePane('side');
      setQuickActionsFocus((count) => count + 1);
    },
    shortcutsHelp: () => setDialog('shortcuts'),
  });

  const actions = useFileActions({
    projectId,
    selectedPath,
    select: setChosenPath,
    flush: autosave.saveAll,
  });

  const filesPane = files.isPending ? (
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
      readOnly={viewOnly}
      footer={<StorageMeter projectId={projectId} changedAt={files.dataUpdatedAt} />}
    />
  );
  const codePane = (
    <TerminalSplit
      terminal={terminal}
      panel={
        <div ref={terminalPanelRef} className="h-full">
          <TerminalPanel
            projectId={projectId}
            open={terminal.open}
            onToggle={terminal.toggle}
            onShow={terminal.show}
            controller={shellTabs}
            runner={runner}
            onRunAgain={runSelected}
            onFilesChanged={refreshFiles}
            isMac={isMac}
            runShortcut={shortcutLabel('run', isMac)}
            toggleShortcut={shortcutLabel('terminal', isMac)}
            appLog={app.shown ? <AppLogView app={app} /> : undefined}
          />
        </div>
      }
    >
      {selected ? (
        <div className="flex h-full flex-col">
          <nav
            aria-label="Breadcrumbs"
            className="text-muted-foreground flex h-8 shrink-0 items-center gap-1 border-b px-3 text-xs"
          >
            {selected.path.split('/').map((part, index, parts) => (
              <span key={index} className="flex items-center gap-1">
                {index > 0 && <ChevronRight className="size-3" aria-hidden />}
                <span className={index === parts.length - 1 ? 'text-foreground' : ''}>{part}</span>
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
                {selected.path} is a binary file ({selected.mimeType ?? 'unknown type'}) and cannot
                be edited here.
              </p>
            ) : shownFile ? (
              <Suspense fallback={<EditorSkeleton />}>
                <CodeEditor
                  onMount={(editor, monaco) => {
                    editorRef.current = editor;
                    setCodeEditor({ editor, monaco });
                    bindEditor(editor, monaco);
                  }}
                  path={shownFile.path}
                  readOnly={openFile.loading || viewOnly}
                  initialValue={autosave.drafts[shownFile.path]?.content ?? shownFile.content ?? ''}
                  onChange={(content) => {
                    if (!applyingServerText.current) autosave.edit(shownFile, content);
                  }}
                />
              </Suspense>
            ) : openFile.failed ? (
              <FileLoadError path={selected.path} onRetry={openFile.retry} />
            ) : (
              <EditorSkeleton />
            )}
          </div>
        </div>
      ) : (
        <div className="text-muted-foreground flex h-full items-center justify-center p-6 text-sm">
          Select a file to start editing
        </div>
      )}
    </TerminalSplit>
  );
  // Both stay mounted when hidden, so a chat answer or a run followed goes on behind the other.
  const sidePane = (
    <>
      <div hidden={agentShown} className="flex h-full min-h-0 flex-1 flex-col">
        <SidePanel
          projectId={projectId}
          selectedPath={selected?.path ?? null}
          previewPath={previewPath}
          revision={revision}
          tab={sideTab}
          onTabChange={setSideTab}
          appUrl={app.link?.url ?? null}
          onRenewAppUrl={app.renewLink}
          onOpenFile={openByPath}
          actionsOnPage={actionsPage !== null && actionsPage === selected?.path}
          quickActions={{
            editor: codeEditor,
            path: shownPath,
            saveThrough: autosave.saveThrough,
            flush: autosave.saveAll,
            onFilesChanged: refreshFiles,
            focusRequest: quickActionsFocus,
            shortcut: shortcutLabel('aiSuggestions', isMac),
          }}
        />
      </div>
      {agentToggle.mounted && (
        <div hidden={!agentShown} className="flex h-full min-h-0 flex-1 flex-col">
          <AgentPanel
            key={projectId}
            projectId={projectId}
            visible={agentShown && (!isPhone || phonePane === 'side')}
            openFile={selected?.path ?? null}
            getContextFiles={agentFiles}
            onOpenFile={openByPath}
            onOpenFileAt={openAt}
            onFilesChanged={refreshFiles}
          />
        </div>
      )}
    </>
  );

  return (
    <div className="flex h-dvh flex-col">
      <EditorHeader
        projectId={projectId}
        projectName={projectName}
        saveState={autosave.state}
        lastSavedAt={autosave.lastSavedAt}
        onSave={() => void autosave.saveAll()}
        onRun={runSelected}
        running={runner.running}
        run={run}
        onShortcuts={() => setDialog('shortcuts')}
        onEnvVars={() => setDialog('envVars')}
        onDatabaseTools={() => setDialog('databaseTools')}
        agentPanel={{
          open: agentShown,
          unavailable: agentUnavailable,
          onToggle: () => {
            if (!agentToggle.open) setPhonePane('side');
            agentToggle.toggle();
          },
        }}
        onGitHub={() => setDialog('github')}
        onDeploy={() => setDialog('deploy')}
        presence={
          <PresenceAvatars
            status={presence.status}
            you={presence.you}
            collaborators={presence.collaborators}
          />
        }
        share={<ShareButton projectId={projectId} projectName={projectName} />}
        appControls={isApp && <DevServerControls app={app} onStart={startApp} />}
        role={role}
      />
      {viewOnly && <ViewOnlyBanner ownerName={ownerName} />}
      <GenerationBanner projectId={projectId} onFilesChanged={refreshFiles} />
      {isPhone ? (
        <PhoneWorkspace
          pane={phonePane}
          onPaneChange={setPhonePane}
          files={filesPane}
          code={codePane}
          side={sidePane}
        />
      ) : (
        <Group
          orientation="horizontal"
          className="min-h-0 flex-1"
          defaultLayout={layout.defaultLayout}
          onLayoutChanged={layout.onLayoutChanged}
        >
          <Panel
            id="files"
            panelRef={filesPanel}
            defaultSize="16%"
            minSize="10%"
            maxSize="30%"
            collapsible
            collapsedSize="0%"
            className="bg-card"
          >
            {filesPane}
          </Panel>
          <Separator className="bg-border hover:bg-primary/60 w-px transition-colors data-[separator=active]:bg-primary" />
          <Panel id="editor" defaultSize="50%" minSize="30%">
            {codePane}
          </Panel>
          <Separator className="bg-border hover:bg-primary/60 w-px transition-colors data-[separator=active]:bg-primary" />
          <Panel id="side" defaultSize="34%" minSize="25%" maxSize="60%" className="bg-card">
            {sidePane}
          </Panel>
        </Group>
      )}
      <ConflictDialog
        conflict={autosave.conflict}
        onResolve={autosave.resolveConflict}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
      />
      <QuickOpenDialog
        open={dialog === 'quickOpen'}
        onOpenChange={(open) => setDialog(open ? 'quickOpen' : null)}
        files={fileList}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
        onOpen={(file) => {
          focusReturn.focusEditorOnClose();
          setDialog(null);
          setChosenPath(file.path);
        }}
      />
      <SearchDialog
        open={dialog === 'search'}
        onOpenChange={(open) => setDialog(open ? 'search' : null)}
        projectId={projectId}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
        onOpenMatch={(match) => {
          focusReturn.focusEditorOnClose();
          setDialog(null);
          openAt(match.filePath, match.line, match.column);
        }}
      />
      <GoToLineDialog
        open={dialog === 'goToLine'}
        onOpenChange={(open) => setDialog(open ? 'goToLine' : null)}
        lineCount={lineCount}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
        onGo={(line) => {
          focusReturn.focusEditorOnClose();
          setDialog(null);
          reveal(line);
        }}
      />
      <EnvVarsDialog
        projectId={projectId}
        open={dialog === 'envVars'}
        onOpenChange={(open) => setDialog(open ? 'envVars' : null)}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
      />
      <DatabaseToolsDialog
        projectId={projectId}
        open={dialog === 'databaseTools'}
        onOpenChange={(open) => setDialog(open ? 'databaseTools' : null)}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
      />
      <GitHubDialog
        projectId={projectId}
        open={dialog === 'github'}
        onOpenChange={(open) => setDialog(open ? 'github' : null)}
        onFilesChanged={refreshFiles}
        onBeforeSync={autosave.saveAll}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
      />
      <DeployDialog
        projectId={projectId}
        open={dialog === 'deploy'}
        onOpenChange={(open) => setDialog(open ? 'deploy' : null)}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
      />
      <ShortcutsDialog
        open={dialog === 'shortcuts'}
        onOpenChange={(open) => setDialog(open ? 'shortcuts' : null)}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
      />
      <CreateFileDialog
        key={creating ? `${creating.parent}|${creating.kind}` : 'closed'}
        parentPath={creating?.parent ?? null}
        initialKind={creating?.kind}
        pending={actions.pending}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
        onCancel={() => setCreating(null)}
        onCreate={async (path, isDirectory) => {
          if (await actions.create(path, isDirectory)) setCreating(null);
        }}
      />
      <RenameDialog
        key={renaming?.path ?? 'closed'}
        path={renaming?.path ?? null}
        pending={actions.pending}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
        onCancel={() => setRenaming(null)}
        onRename={async (path) => {
          if (renaming?.file && (await actions.rename(renaming.file, path))) setRenaming(null);
        }}
      />
      <DeleteFileDialog
        target={deleting}
        pending={actions.pending}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
        onCancel={() => setDeleting(null)}
        onDelete={async () => {
          if (deleting?.file && (await actions.remove(deleting.file))) setDeleting(null);
        }}
      />
    </div>
  );
}

/** The selected file's text could not be read (the connection dropped, or it was deleted). */
function FileLoadError({ path, onRetry }: { path: string; onRetry: () => void }) {
  return (
    <div className="text-muted-foreground grid h-full content-center justify-items-center gap-3 p-6 text-center text-sm">
      <p>{path} could not be loaded.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
