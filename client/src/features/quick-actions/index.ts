// The quick actions' public face: the editor's Quick Actions tab and what it needs from the editor.
export { QuickActionsPanel, type QuickActionsPanelProps } from './quick-actions-panel';
export type { CodeEditorHandle } from './use-editor-target';
export type { SaveThrough, SaveThroughOutcome } from './use-quick-actions';
