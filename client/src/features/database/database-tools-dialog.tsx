import { SQL_LIMITS } from '@kiln/shared';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { DrizzleStudioPanel } from './drizzle-studio-panel';
import { SqlRunner } from './sql-runner';
import { useSqlRunner } from './use-sql-runner';

type DatabaseTab = 'sql' | 'studio';

/**
 * Database Tools: the SQL Runner on the project's own database, and Drizzle Studio. The query
 * text, the last result and the tab stay while the editor is open, closed dialog or not.
 */
export function DatabaseToolsDialog({
  projectId,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the control that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const runner = useSqlRunner(projectId);
  const [tab, setTab] = useState<DatabaseTab>('sql');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex h-[85vh] max-w-6xl flex-col overflow-hidden"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>Database Tools</DialogTitle>
          <DialogDescription>
            This project&apos;s own database: create tables and query them. A query stops after{' '}
            {SQL_LIMITS.timeoutMs / 1000} seconds.
          </DialogDescription>
        </DialogHeader>
        <Tabs
          value={tab}
          onValueChange={(value) => setTab(value as DatabaseTab)}
          className="flex min-h-0 flex-1 flex-col"
        >
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="sql" className="whitespace-nowrap">
              SQL Runner
            </TabsTrigger>
            <TabsTrigger value="studio" className="whitespace-nowrap">
              Drizzle Studio
            </TabsTrigger>
          </TabsList>
          <TabsContent value="sql" className="min-h-0 flex-1">
            <SqlRunner projectId={projectId} open={open} runner={runner} />
          </TabsContent>
          <TabsContent value="studio" className="min-h-0 flex-1 overflow-y-auto">
            <DrizzleStudioPanel projectId={projectId} open={open} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
