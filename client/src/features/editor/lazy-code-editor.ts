import { lazy } from 'react';

/**
 * Monaco is a chunk of its own. The workspace starts downloading it with the page, in parallel
 * with the file list, rather than after the tree has rendered (bench/editor showed ~600 ms lost
 * at 2,000 files).
 */
export const loadCodeEditor = () => import('./code-editor');
export const CodeEditor = lazy(loadCodeEditor);
