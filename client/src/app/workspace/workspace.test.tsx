// @vitest-environment happy-dom
import type { ProjectFile } from '@kiln/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip';
import { createQueryClient } from '../../lib/query-client';
import { Workspace } from './workspace';

// Monaco needs a real browser (workers, layout); the shell only needs something in its place.
vi.mock('../../features/editor/lazy-code-editor', () => ({
  loadCodeEditor: () => Promise.resolve(),
  CodeEditor: ({ path }: { path: string }) => <textarea aria-label={`Code of ${path}`} />,
}));

const PROJECT = 'p1';

function file(path: string, content: string | null = ''): ProjectFile {
  return {
    id: `id-${path}`,
    projectId: PROJECT,
    path,
    content,
    isDirectory: content === null,
    isBinary: false,
    mimeType: null,
    size: content?.length ?? 0,
    version: 1,
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

const FILES = [file('index.html', '<h1>Hi</h1>'), file('src', null), file('src/app.js', '')];

/** The server as the workspace's first load meets it; anything else is a Kiln 404. */
function answer(url: string): Response {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  const path = new URL(url, 'http://kiln.test').pathname;
  if (path === `/api/files/${PROJECT}/entries`) {
    return json(FILES.map(({ content: _content, ...entry }) => entry));
  }
  if (path === `/api/files/${PROJECT}/initial`) return json({ file: FILES[0] });
  if (path === '/api/ai/status') {
    return json({ configured: false, defaultProvider: null, providers: [], message: 'None' });
  }
  return json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
}

/** A socket that never opens: presence and shells wait for it quietly. */
class SilentSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {
    this.readyState = 3;
  }
}

function renderWorkspace() {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Workspace projectId={PROJECT} projectName="Site" />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

/** happy-dom lays nothing out: every element measures as a desktop window would. */
function measureAsDesktop() {
  const sizes = { offsetWidth: 1280, offsetHeight: 800 };
  for (const [property, value] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, property, {
      configurable: true,
      get: () => value,
    });
  }
  return () => {
    for (const property of Object.keys(sizes)) {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>)[property];
    }
  };
}

describe('the workspace shell', () => {
  let restoreMeasures: () => void;
  beforeEach(() => {
    restoreMeasures = measureAsDesktop();
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        answer(input instanceof Request ? input.url : String(input)),
      ),
    );
    vi.stubGlobal('WebSocket', SilentSocket);
  });
  afterEach(() => {
    cleanup();
    restoreMeasures();
    vi.unstubAllGlobals();
  });

  it('shows the header, the file tree, the code, the terminal and the side column', async () => {
    renderWorkspace();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Back to dashboard' })).toBeDefined();
    expect(within(header).getByRole('button', { name: 'Site' })).toBeDefined();
    expect(await screen.findByRole('tree', { name: 'Project files' })).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Filter files' })).toBeDefined();
    // The initial file opens in the code editor.
    expect(await screen.findByRole('textbox', { name: 'Code of index.html' })).toBeDefined();
    const breadcrumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(breadcrumbs).getByText('index.html')).toBeDefined();
    expect(screen.getByRole('region', { name: 'Terminal' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Preview' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'AI Chat' })).toBeDefined();
  });

  it('keeps a collapsed file tree mounted but inert, and brings it back', async () => {
    renderWorkspace();
    const filter = await screen.findByRole('textbox', { name: 'Filter files' });
    expect(filter.closest('[inert]')).toBeNull();

    await act(async () => {
      fireEvent.keyDown(window, { key: 'b', code: 'KeyB', ctrlKey: true });
    });
    expect(filter.isConnected).toBe(true);
    expect(filter.closest('[inert]')).not.toBeNull();

    await act(async () => {
      fireEvent.keyDown(window, { key: 'b', code: 'KeyB', ctrlKey: true });
    });
    expect(filter.closest('[inert]')).toBeNull();
  });

  it('keeps the collapsed terminal body mounted but inert', async () => {
    renderWorkspace();
    const toggle = await screen.findByRole('button', { name: 'Terminal' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(body?.hasAttribute('inert')).toBe(true);
  });

  it('on a phone, keeps the panes not shown mounted but inert', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderWorkspace();
    const panes = screen.getByRole('tablist', { name: 'Workspace panes' });
    const filter = await screen.findByRole('textbox', { name: 'Filter files', hidden: true });
    expect(filter.closest('[inert]')).not.toBeNull();

    fireEvent.click(within(panes).getByRole('tab', { name: 'Files' }));
    expect(filter.closest('[inert]')).toBeNull();
    expect(document.getElementById('phone-pane-code')?.hasAttribute('inert')).toBe(true);
  });
});
