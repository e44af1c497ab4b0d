import type { ReactNode } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import type { WorkspaceLayout } from './use-workspace-layout';

const SEPARATOR =
  'bg-border hover:bg-primary/60 w-px transition-colors data-[separator=active]:bg-primary';

/** The workspace on a desktop: files, code and the side column side by side, resizable. */
export function DesktopLayout({
  layout,
  files,
  code,
  side,
}: {
  layout: WorkspaceLayout;
  files: ReactNode;
  code: ReactNode;
  side: ReactNode;
}) {
  return (
    <Group
      orientation="horizontal"
      className="min-h-0 flex-1"
      defaultLayout={layout.columns.defaultLayout}
      onLayoutChange={layout.onColumnsChange}
      onLayoutChanged={layout.columns.onLayoutChanged}
    >
      <Panel
        id="files"
        panelRef={layout.filesPanel}
        defaultSize="16%"
        minSize="10%"
        maxSize="30%"
        collapsible
        collapsedSize="0%"
        className="bg-card"
      >
        <div className="h-full" inert={layout.filesCollapsed}>
          {files}
        </div>
      </Panel>
      <Separator className={SEPARATOR} />
      <Panel id="editor" defaultSize="50%" minSize="30%">
        {code}
      </Panel>
      <Separator className={SEPARATOR} />
      <Panel id="side" defaultSize="34%" minSize="25%" maxSize="60%" className="bg-card">
        {side}
      </Panel>
    </Group>
  );
}
