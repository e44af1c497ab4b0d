// The preview's public face: the panel that shows a project's page or its running app, and
// which page that is for the file open in the editor.
export { PreviewPanel } from './preview-panel';
export { defaultSideTab, isHtmlPath, previewPagePath } from './preview-page';
