import Editor, { type OnMount } from '@monaco-editor/react';
import { useTheme } from '../../lib/theme';
import { EDITOR_THEMES, modelUri } from './monaco-setup';
import { EditorSkeleton } from './editor-skeleton';
import { languageForPath } from './language';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';

export interface CodeEditorProps {
  path: string;
  /** The text a file opens with; after that Monaco owns it (see setOpenFileContent). */
  initialValue: string;
  onChange: (value: string) => void;
  onMount?: OnMount;
  /** While another file's text is on its way, the one shown cannot be edited. */
  readOnly?: boolean;
}

/**
 * The Monaco editor for one file. Each file keeps its own model (keyed by path), so undo history
 * survives switching files and IntelliSense sees the other open files. The editor is not
 * controlled: feeding every keystroke back as a prop let a late render reset the text and drop
 * characters typed in between.
 */
export default function CodeEditor({
  path,
  initialValue,
  onChange,
  onMount,
  readOnly = false,
}: CodeEditorProps) {
  const { theme } = useTheme();
  // A phone's editor is some 40 columns wide: a minimap would take a fifth of them.
  const isPhone = useMediaQuery(PHONE_QUERY);
  return (
    <Editor
      path={modelUri(path)}
      defaultValue={initialValue}
      language={languageForPath(path)}
      theme={theme === 'dark' ? EDITOR_THEMES.dark : EDITOR_THEMES.light}
      onChange={(next) => onChange(next ?? '')}
      onMount={onMount}
      loading={<EditorSkeleton />}
      options={{
        automaticLayout: true,
        readOnly,
        fontFamily: "'JetBrains Mono Variable', ui-monospace, monospace",
        fontLigatures: true,
        fontSize: 13,
        minimap: { enabled: !isPhone, scale: 1 },
        scrollBeyondLastLine: false,
        smoothScrolling: true,
        tabSize: 2,
        renderWhitespace: 'selection',
        bracketPairColorization: { enabled: true },
        padding: { top: 8 },
      }}
    />
  );
}
