import type { ProjectFile } from '@kiln/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from '../../../components/ui/toaster';
import './zz-harness.css';
import { GoToLineDialog } from './go-to-line-dialog';
import { QuickOpenDialog } from './quick-open-dialog';
import { SearchDialog } from './search-dialog';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useWorkspaceShortcuts } from './use-workspace-shortcuts';

const params = new URLSearchParams(location.search);
if (params.get('theme') === 'light') document.documentElement.className = 'light';
const paths = ['index.html','style.css','script.js','README.md','package.json','src/app.tsx','src/main.tsx','src/index.css','src/components/app-shell.tsx','src/components/button.tsx','src/components/dialog.tsx','src/lib/api.ts','src/lib/format-date.ts','src/features/editor/editor-page.tsx','src/features/editor/code-editor.tsx','src/features/editor/dialogs/quick-open-dialog.tsx','src/features/editor/dialogs/search-dialog.tsx','server/src/index.ts','server/src/modules/files/routes.ts','server/src/modules/files/search.ts','public/favicon.svg','docs/decisions/0001-monaco.md'];
const files: ProjectFile[] = paths.map((path) => ({ id: path, projectId: 'p1', path, content: '', isDirectory: false, isBinary: false, mimeType: null, size: 0, version: 1, updatedAt: '' }));
const log = (text: string) => { const el = document.getElementById('log'); if (el) el.textContent += text + '\n'; };

function Harness() {
  const initial = params.get('d');
  const [open, setOpen] = useState<string | null>(initial);
  const set = (name: string) => (value: boolean) => setOpen(value ? name : null);
  useWorkspaceShortcuts({
    quickOpen: () => setOpen('quick'), searchInFiles: () => setOpen('search'), goToLine: () => setOpen('line'),
    toggleSidebar: () => log('toggleSidebar'), save: () => log('save'), saveAll: () => log('saveAll'), newFile: () => log('newFile'),
    run: () => log('run'), preview: () => log('preview'), terminal: () => log('terminal'), aiSuggestions: () => log('aiSuggestions'),
    shortcutsHelp: () => setOpen('help'), closeDialog: () => log('closeDialog'),
  });
  return (
    <div className="p-6">
      <input aria-label="scratch" className="border" />
      <pre id="log" data-testid="log" />
      <QuickOpenDialog open={open === 'quick'} onOpenChange={set('quick')} files={files} onOpen={(f) => log('open ' + f.path)} />
      <SearchDialog open={open === 'search'} onOpenChange={set('search')} projectId="p1" onOpenMatch={(m) => log('match ' + JSON.stringify(m))} />
      <GoToLineDialog open={open === 'line'} onOpenChange={set('line')} lineCount={120} onGo={(l) => log('go ' + l)} />
      <ShortcutsDialog open={open === 'help'} onOpenChange={set('help')} />
      <Toaster />
    </div>
  );
}
createRoot(document.getElementById('root')!).render(<QueryClientProvider client={new QueryClient()}><Harness /></QueryClientProvider>);
