import { Sparkles } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AiChatPanel } from '../../features/ai';
import { useRefreshFiles } from '../../features/editor';
import { useAiStatus } from '../../lib/ai-status';
import { defaultSideTab, isHtmlPath, PreviewPanel } from '../../features/preview';
import { QuickActionsPanel, type QuickActionsPanelProps } from '../../features/quick-actions';

export type SideTab = 'preview' | 'chat' | 'actions';

/**
 * The editor's right panel: Preview whenever the project has a page to show (the open HTML
 * file, or the page shown last while its CSS or script is open), Quick Actions for files other
 * than pages (and for a page too once Cmd/Ctrl+. asks for it), AI Chat always.
 */
export function SidePanel({
  projectId,
  selectedPath,
  previewPath,
  revision,
  tab,
  onTabChange,
  onOpenFile,
  quickActions,
  actionsOnPage,
  appUrl = null,
  onRenewAppUrl,
}: {
  projectId: string;
  selectedPath: string | null;
  /** The page the Preview tab shows (features/preview); null hides the tab. */
  previewPath: string | null;
  revision: string;
  /** Null follows the file (defaultSideTab): Preview for a page and its CSS and scripts. */
  tab: SideTab | null;
  onTabChange: (tab: SideTab) => void;
  /** Opens a file the AI changed in the editor. */
  onOpenFile: (path: string) => void;
  /** What the Quick Actions tab needs from the editor. */
  quickActions: Omit<QuickActionsPanelProps, 'projectId'>;
  /** The shortcut asked for Quick Actions while this page is open. */
  actionsOnPage: boolean;
  /** The project's running app (features/dev-server): Preview shows it instead of a page. */
  appUrl?: string | null;
  /** Asks for a fresh link to the running app; answers whether it changed. */
  onRenewAppUrl?: () => Promise<boolean>;
}) {
  const refreshFiles = useRefreshFiles(projectId);
  const aiStatus = useAiStatus();
  const html = isHtmlPath(selectedPath);
  // A page has no Quick Actions tab unless the shortcut asked for one on it.
  const showActions = !html || actionsOnPage;
  const previewable = previewPath !== null || appUrl !== null;
  const available: SideTab[] = [
    ...(previewable ? (['preview'] as const) : []),
    'chat',
    ...(showActions ? (['actions'] as const) : []),
  ];
  const value = tab && available.includes(tab) ? tab : defaultSideTab(selectedPath, previewable);
  return (
    <Tabs
      value={value}
      onValueChange={(next) => onTabChange(next as SideTab)}
      className="flex h-full flex-col"
    >
      <TabsList className="m-2 shrink-0">
        {previewable && <TabsTrigger value="preview">Preview</TabsTrigger>}
        <TabsTrigger value="chat">AI Chat</TabsTrigger>
        {showActions && <TabsTrigger value="actions">Quick Actions</TabsTrigger>}
      </TabsList>
      {previewable && (
        <TabsContent value="preview" className="mt-0 min-h-0 flex-1">
          <PreviewPanel
            projectId={projectId}
            path={appUrl ? 'Running app' : (previewPath ?? '')}
            revision={revision}
            appUrl={appUrl}
            onRenewAppUrl={onRenewAppUrl}
          />
        </TabsContent>
      )}
      {/* Kept mounted on other tabs, so a streaming answer and the draft survive a look at the preview. */}
      <TabsContent
        value="chat"
        forceMount
        className="mt-0 min-h-0 flex-1 data-[state=inactive]:hidden"
      >
        <AiChatPanel
          key={projectId}
          projectId={projectId}
          openFile={selectedPath}
          onOpenFile={onOpenFile}
          onFilesChanged={refreshFiles}
        />
      </TabsContent>
      {/* Kept mounted, pages too: a proposal on its way still opens after a look elsewhere. */}
      <TabsContent
        value="actions"
        forceMount
        className="mt-0 min-h-0 flex-1 data-[state=inactive]:hidden"
      >
        {aiStatus.data?.configured === false ? (
          <AiUnavailable feature="Quick actions (improve, optimize, refactor, document)" />
        ) : (
          <QuickActionsPanel key={projectId} projectId={projectId} {...quickActions} />
        )}
      </TabsContent>
    </Tabs>
  );
}

/** The server answers every AI call with 503 AI_NOT_CONFIGURED until a provider is set up. */
function AiUnavailable({ feature }: { feature: string }) {
  return (
    <div className="text-muted-foreground grid h-full content-center justify-items-center gap-3 p-6 text-center text-sm">
      <Sparkles className="text-primary size-8" aria-hidden />
      <p className="text-foreground font-medium">{feature} needs an AI provider</p>
      <p className="max-w-xs">
        This Kiln server has no AI provider configured. Everything else works: edit, save and
        preview your project as usual.
      </p>
    </div>
  );
}
