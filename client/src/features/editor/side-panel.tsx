import { Sparkles } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AiChatPanel } from '../ai';
import { useRefreshFiles } from './api';
import { PreviewPanel } from './preview/preview-panel';
import { defaultSideTab, isHtmlPath } from './preview/preview-page';

export type SideTab = 'preview' | 'chat' | 'actions';

/**
 * The editor's right panel: Preview whenever the project has a page to show (the open HTML
 * file, or the page shown last while its CSS or script is open), Quick Actions for files other
 * than pages, AI Chat always.
 */
export function SidePanel({
  projectId,
  selectedPath,
  previewPath,
  revision,
  tab,
  onTabChange,
  onOpenFile,
}: {
  projectId: string;
  selectedPath: string | null;
  /** The page the Preview tab shows (preview-page.ts); null hides the tab. */
  previewPath: string | null;
  revision: string;
  /** Null follows the file (defaultSideTab): Preview for a page and its CSS and scripts. */
  tab: SideTab | null;
  onTabChange: (tab: SideTab) => void;
  /** Opens a file the AI changed in the editor. */
  onOpenFile: (path: string) => void;
}) {
  const refreshFiles = useRefreshFiles(projectId);
  const html = isHtmlPath(selectedPath);
  const available: SideTab[] = [
    ...(previewPath ? (['preview'] as const) : []),
    'chat',
    ...(html ? [] : (['actions'] as const)),
  ];
  const value =
    tab && available.includes(tab) ? tab : defaultSideTab(selectedPath, previewPath !== null);
  return (
    <Tabs
      value={value}
      onValueChange={(next) => onTabChange(next as SideTab)}
      className="flex h-full flex-col"
    >
      <TabsList className="m-2 shrink-0">
        {previewPath && <TabsTrigger value="preview">Preview</TabsTrigger>}
        <TabsTrigger value="chat">AI Chat</TabsTrigger>
        {!html && <TabsTrigger value="actions">Quick Actions</TabsTrigger>}
      </TabsList>
      {previewPath && (
        <TabsContent value="preview" className="mt-0 min-h-0 flex-1">
          <PreviewPanel projectId={projectId} path={previewPath} revision={revision} />
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
      {!html && (
        <TabsContent value="actions" className="mt-0 min-h-0 flex-1">
          <AiUnavailable feature="Quick actions (improve, optimize, refactor, document)" />
        </TabsContent>
      )}
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
