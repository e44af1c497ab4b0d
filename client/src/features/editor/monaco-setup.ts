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
