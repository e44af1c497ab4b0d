import { FitAddon } from '@xterm/addon-fit';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal } from '@xterm/xterm';
// Loaded with this chunk only: the editor's first load carries none of xterm.
import '@xterm/xterm/css/xterm.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { terminalSocketUrl } from './protocol';
import { ShellConnection } from './shell-connection';
import type { ShellEvent } from './shell-status';
import { routeTerminalKey } from './terminal-keys';
import { readTerminalTheme } from './terminal-theme';

const FONT_FAMILY = "'JetBrains Mono Variable', ui-monospace, monospace";
const FONT_SIZE = 13;
/** Before the first fit, and whenever the panel has no size to measure. */
const FALLBACK_SIZE = { cols: 80, rows: 24 };

export interface XtermViewProps {
  projectId: string;
  /** A new value starts a new session in the same tab (Restart, Reconnect). */
  session: number;
  /** Whether its tab is the one shown; a hidden one is not measured. */
  visible: boolean;
  /** A new value moves the keyboard focus into the shell. */
  focusRequest: number;
  theme: 'light' | 'dark';
  isMac: boolean;
  /** The accessible name of the shell's input: the tab's title. */
  label: string;
  onEvent: (event: ShellEvent) => void;
  onTabFocusChange: (tabMovesFocus: boolean) => void;
}

/**
 * One shell: xterm.js drawing what the socket sends, fitted to its panel (refitted whenever the
 * panel or the window changes size, which is then sent as a resize), in the theme's colours.
 */
export default function XtermView({
  projectId,
  session,
  visible,
  focusRequest,
  theme,
  isMac,
  label,
  onEvent,
  onTabFocusChange,
}: XtermViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const [terminal, setTerminal] = useState<{
    term: Terminal;
    fit: () => void;
    applyTheme: (mode: 'light' | 'dark') => void;
  } | null>(null);
  const connection = useRef<ShellConnection | null>(null);
  // What the terminal's own listeners read at the time they run, so it is created only once.
  const handlers = useRef({ onEvent, onTabFocusChange, isMac, theme, label });
  useLayoutEffect(() => {
    handlers.current = { onEvent, onTabFocusChange, isMac, theme, label };
  });

  // The terminal itself, once: its font must be loaded before xterm measures a cell.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let disposed = false;
    const cleanups: (() => void)[] = [];
    void document.fonts
      .load(`${FONT_SIZE}px ${FONT_FAMILY}`)
      .catch(() => [])
      .then(() => {
        if (disposed) return;
        const term = new Terminal({
          fontFamily: FONT_FAMILY,
          fontSize: FONT_SIZE,
          cursorBlink: true,
          scrollback: 5000,
          // Whatever colours a program picks, text stays readable (WCAG AA).
          minimumContrastRatio: 4.5,
          theme: readTerminalTheme(element, handlers.current.theme),
          ...FALLBACK_SIZE,
        });
        const fitAddon = new FitAddon();
        term.loadAddon(fitAddon);
        term.loadAddon(new WebLinksAddon());
        // Padding goes on the parent: the fit addon measures the parent's content box.
        term.open(element);
        term.textarea?.setAttribute('aria-label', handlers.current.label);

        let tabMovesFocus = false;
        term.attachCustomKeyEventHandler((event) => {
          const route = routeTerminalKey(event, {
            isMac: handlers.current.isMac,
            hasSelection: term.hasSelection(),
            tabMovesFocus,
          });
          if (route === 'shell') return true;
          if (route === 'tab-focus') {
            event.preventDefault();
            if (event.type === 'keydown') {
              tabMovesFocus = !tabMovesFocus;
              handlers.current.onTabFocusChange(tabMovesFocus);
            }
          }
          // Copy and paste: the browser's own copy and paste events reach xterm, which copies
          // its selection or pastes (bracketed, when the shell asked for it). The selection
          // then goes, so the next Ctrl+C interrupts as people expect.
          if (route === 'copy' && event.type === 'keydown') {
            setTimeout(() => term.clearSelection(), 0);
          }
          return false;
        });
        const subscriptions = [
          term.onData((data) => connection.current?.sendInput(data)),
          term.onBinary((data) => connection.current?.sendBinary(data)),
          term.onResize(({ cols, rows }) => connection.current?.resize(cols, rows)),
        ];

        // Measures only while shown: a hidden tab or a collapsed panel has no size.
        const fit = () => {
          if (element.clientWidth > 0 && element.clientHeight > 0) fitAddon.fit();
        };
        let frame = 0;
        const observer = new ResizeObserver(() => {
          cancelAnimationFrame(frame);
          frame = requestAnimationFrame(fit);
        });
        observer.observe(element);
        fit();

        cleanups.push(() => {
          cancelAnimationFrame(frame);
          observer.disconnect();
          subscriptions.forEach((subscription) => subscription.dispose());
          term.dispose();
        });
        const applyTheme = (mode: 'light' | 'dark') => {
          term.options.theme = readTerminalTheme(element, mode);
        };
        setTerminal({ term, fit, applyTheme });
      });
    return () => {
      disposed = true;
      cleanups.forEach((cleanup) => cleanup());
    };
  }, []);

  // A session per value of `session`: a restart clears the screen for the new shell.
  useEffect(() => {
    if (!terminal) return;
    const { term, fit } = terminal;
    term.reset();
    fit();
    const size = { cols: term.cols, rows: term.rows };
    const current = new ShellConnection({
      address: (at, resume) => terminalSocketUrl(window.location, projectId, at, resume),
      size,
      handlers: {
        onOutput: (bytes) => term.write(bytes),
        onEvent: (event) => handlers.current.onEvent(event),
      },
    });
    connection.current = current;
    return () => {
      current.close();
      if (connection.current === current) connection.current = null;
    };
  }, [terminal, projectId, session]);

  useEffect(() => {
    terminal?.applyTheme(theme);
  }, [terminal, theme]);

  useEffect(() => {
    if (terminal && visible) terminal.fit();
  }, [terminal, visible]);

  useEffect(() => {
    if (terminal && focusRequest > 0) terminal.term.focus();
  }, [terminal, focusRequest]);

  return <div ref={host} className="h-full w-full" data-testid="xterm-host" />;
}
