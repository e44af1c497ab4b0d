import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import CssWorker from 'monaco-editor/language/css/css.worker?worker';
import HtmlWorker from 'monaco-editor/language/html/html.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import TsWorker from 'monaco-editor/language/typescript/ts.worker?worker';

/**
 * Monaco is bundled with the app (never loaded from a CDN) and its language workers are
 * Vite worker chunks. This module is imported only by the lazily loaded code editor, so no other
 * page downloads any of it.
 */
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label === 'json') return new JsonWorker();
    if (label === 'css' || label === 'scss' || label === 'less') return new CssWorker();
    if (label === 'html' || label === 'handlebars' || label === 'razor') return new HtmlWorker();
    if (label === 'typescript' || label === 'javascript') return new TsWorker();
    return new EditorWorker();
  },
};

// Project files import each other: let TypeScript and JavaScript see every open model.
const defaults = monaco.typescript.typescriptDefaults;
const compilerOptions = {
  target: monaco.typescript.ScriptTarget.ES2020,
  module: monaco.typescript.ModuleKind.ESNext,
  moduleResolution: monaco.typescript.ModuleResolutionKind.NodeJs,
  jsx: monaco.typescript.JsxEmit.ReactJSX,
  allowJs: true,
  allowNonTsExtensions: true,
  esModuleInterop: true,
};
defaults.setCompilerOptions(compilerOptions);
// The project's packages are not installed in the browser, so "cannot find module" and the JSX
// typing errors that follow from it would underline every line; real type errors still show.
const diagnosticsOptions = { diagnosticCodesToIgnore: [2307, 2792, 2875, 7016, 7026] };
defaults.setDiagnosticsOptions(diagnosticsOptions);
monaco.typescript.javascriptDefaults.setDiagnosticsOptions(diagnosticsOptions);
defaults.setEagerModelSync(true);
monaco.typescript.javascriptDefaults.setCompilerOptions(compilerOptions);
monaco.typescript.javascriptDefaults.setEagerModelSync(true);

/**
 * Monaco's light and dark themes, with each token colour that reads under 4.5:1 on the
 * editor's background (WCAG AA) moved just far enough to pass; the rest is Monaco's own.
 */
export const EDITOR_THEMES = { light: 'kiln-light', dark: 'kiln-dark' } as const;
monaco.editor.defineTheme(EDITOR_THEMES.light, {
  base: 'vs',
  inherit: true,
  rules: [
    // #808080 and #ff0000 on #fffffe: 3.9:1 and 4:1 (the doctype, HTML attribute names).
    { token: 'annotation', foreground: '6e6e6e' },
    { token: 'metatag.html', foreground: '6e6e6e' },
    { token: 'metatag.xml', foreground: '6e6e6e' },
    { token: 'metatag.content.html', foreground: 'cc0000' },
    { token: 'attribute.name', foreground: 'cc0000' },
    { token: 'string.sql', foreground: 'cc0000' },
    { token: 'operator.sql', foreground: '5e6b78' },
  ],
  // The final empty line's number is drawn dimmed (1.8:1); no dimmer colour reaches 4.5:1.
  colors: { 'editorLineNumber.dimmedForeground': '#237893' },
});
monaco.editor.defineTheme(EDITOR_THEMES.dark, {
  base: 'vs-dark',
  inherit: true,
  rules: [
    // Comments were #608b4e on #1e1e1e, 4.2:1; the others 2.9-4.5:1.
    { token: 'comment', foreground: '6a9955' },
    { token: 'variable.predefined', foreground: '7a9bd9' },
    { token: 'regexp', foreground: 'c7789f' },
    { token: 'annotation', foreground: 'd67a7a' },
    { token: 'delimiter.html', foreground: '969696' },
    { token: 'tag.id.pug', foreground: '6f95d0' },
    { token: 'tag.class.pug', foreground: '6f95d0' },
    { token: 'string.sql', foreground: 'ff6b6b' },
  ],
  colors: { 'editorLineNumber.dimmedForeground': '#858585' },
});

loader.config({ monaco });

/** The model of a project file, by path. */
export const modelUri = (path: string) => monaco.Uri.file(path).toString();

/**
 * Replaces an open file's text from outside the editor (a conflict resolved in favour of the
 * saved version), keeping it on the undo stack.
 */
export function setOpenFileContent(path: string, content: string) {
  const model = monaco.editor.getModel(monaco.Uri.parse(modelUri(path)));
  if (!model || model.getValue() === content) return;
  model.pushEditOperations([], [{ range: model.getFullModelRange(), text: content }], () => null);
}
