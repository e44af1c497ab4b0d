import { GenerationBanner } from '../../features/ai';
import { DevServerControls } from '../../features/dev-server';
import { useAutosave, useFileActions, useRefreshFiles } from '../../features/editor';
import { ShareButton, useProjectMembers, ViewOnlyBanner } from '../../features/members';
import { PresenceAvatars, usePresence, useReloadOnRemoteSave } from '../../features/presence';
import { CodePane } from './code-pane';
import { DesktopLayout } from './desktop-layout';
import { FilesPane } from './files-pane';
import { PhoneLayout } from './phone-layout';
import { SideColumn } from './side-column';
import { useCodeNavigation } from './use-code-navigation';
import { useFileSelection } from './use-file-selection';
import { useFocusReturn } from './use-focus-return';
import { useRunControls } from './use-run-controls';
import { useSideColumn } from './use-side-column';
import { useWorkspaceDialogs } from './use-workspace-dialogs';
import { useWorkspaceKeys } from './use-workspace-keys';
import { useWorkspaceLayout } from './use-workspace-layout';
import { WorkspaceDialogs } from './workspace-dialogs';
import { WorkspaceHeader } from './workspace-header';

/**
 * The workspace of one project: the header over the file tree, the code editor with the
 * terminal under it and the side column (three resizable columns on a desktop, three panes
 * on a phone), and the dialogs. It composes the features; each state group is a hook of its own.
 */
export function Workspace({ projectId, projectName }: { projectId: string; projectName: string }) {
  const presence = usePresence(projectId);
  const autosave = useAutosave(projectId, { onSaved: presence.fileSaved });
  // Until the role is known the project is shown as its owner sees it (the usual case); the
  // server refuses what the role does not allow either way.
  const members = useProjectMembers(projectId);
  const role = members.data?.yourRole ?? 'owner';
  const viewOnly = role === 'viewer';
  const ownerName = members.data?.members.find((member) => member.role === 'owner')?.name ?? null;
  const layout = useWorkspaceLayout(projectId);
  const selection = useFileSelection(projectId, {
    drafts: autosave.drafts,
    setActiveFile: presence.setActiveFile,
    onPick: layout.showCode,
  });
  const navigation = useCodeNavigation(selection, {
    drafts: autosave.drafts,
    onShowCode: layout.showCode,
  });
  const side = useSideColumn();
  const dialogs = useWorkspaceDialogs();
  const refreshFiles = useRefreshFiles(projectId);
  useReloadOnRemoteSave({
    presence,
    openPath: selection.selected?.path ?? null,
    unsavedPaths: selection.dirtyPaths,
    refreshFiles,
  });
  const runs = useRunControls({
    projectId,
    selection,
    navigation,
    layout,
    viewOnly,
    refreshFiles,
    showPreview: () => {
      side.setTab('preview');
      layout.showSide();
    },
  });
  const focusReturn = useFocusReturn(navigation.focusEditor);
  const { bindEditor } = useWorkspaceKeys({
    selection,
    navigation,
    layout,
    side,
    runs,
    dialogs,
    autosave,
  });
  const actions = useFileActions({
    projectId,
    selectedPath: selection.selectedPath,
    select: selection.select,
    flush: autosave.saveAll,
  });

  const files = (
    <FilesPane
      projectId={projectId}
      selection={selection}
      dialogs={dialogs}
      actions={actions}
      readOnly={viewOnly}
      onSelect={selection.pick}
    />
  );
  const code = (
    <CodePane
      projectId={projectId}
      selection={selection}
      autosave={autosave}
      layout={layout}
      runs={runs}
      readOnly={viewOnly}
      refreshFiles={refreshFiles}
      onEditorMount={(editor, monaco) => {
        navigation.attach(editor, monaco);
        bindEditor(editor, monaco);
      }}
    />
  );
  const sideColumn = (
    <SideColumn
      projectId={projectId}
      selection={selection}
      navigation={navigation}
      side={side}
      runs={runs}
      autosave={autosave}
      agentVisible={side.agentShown && (!layout.isPhone || layout.phonePane === 'side')}
      refreshFiles={refreshFiles}
      onOpenFile={selection.openByPath}
    />
  );

  return (
    <div className="flex h-dvh flex-col">
      <WorkspaceHeader
        projectId={projectId}
        projectName={projectName}
        saveState={autosave.state}
        lastSavedAt={autosave.lastSavedAt}
        onSave={() => void autosave.saveAll()}
        onRun={runs.runSelected}
        running={runs.runner.running}
        run={runs.run}
        onShortcuts={() => dialogs.open('shortcuts')}
        onEnvVars={() => dialogs.open('envVars')}
        onDatabaseTools={() => dialogs.open('databaseTools')}
        agentPanel={{
          open: side.agentShown,
          unavailable: side.agentUnavailable,
          onToggle: () => {
            if (!side.agentOpen) layout.showSide();
            side.toggleAgent();
          },
        }}
        onGitHub={() => dialogs.open('github')}
        onDeploy={() => dialogs.open('deploy')}
        presence={
          <PresenceAvatars
            status={presence.status}
            you={presence.you}
            collaborators={presence.collaborators}
          />
        }
        share={<ShareButton projectId={projectId} projectName={projectName} />}
        appControls={runs.isApp && <DevServerControls app={runs.app} onStart={runs.startApp} />}
        role={role}
      />
      {viewOnly && <ViewOnlyBanner ownerName={ownerName} />}
      <GenerationBanner projectId={projectId} onFilesChanged={refreshFiles} />
      {layout.isPhone ? (
        <PhoneLayout
          pane={layout.phonePane}
          onPaneChange={layout.setPhonePane}
          files={files}
          code={code}
          side={sideColumn}
        />
      ) : (
        <DesktopLayout layout={layout} files={files} code={code} side={sideColumn} />
      )}
      <WorkspaceDialogs
        projectId={projectId}
        dialogs={dialogs}
        selection={selection}
        navigation={navigation}
        autosave={autosave}
        actions={actions}
        focusReturn={focusReturn}
        refreshFiles={refreshFiles}
      />
    </div>
  );
}
