// The AI feature's public face: the editor's AI Chat panel and the generation under way.
export { AiChatPanel } from './ai-chat-panel';
export { GenerationBanner } from './generation-banner';
export { compactTokens } from './usage-label';
export { aiStatusQueryOptions, useAiStatus } from './api/get-ai-status';
// The pieces the agent panel shares with the chat: the event-stream reader, the 'Files Updated'
// list, code blocks, Markdown text and a turn's Undo.
export { parseEvent, readTypedEvents } from './read-typed-events';
export { FilesUpdated } from './files-updated';
export { CodeBlock } from './code-block';
export { MessageText } from './message-text';
export { useUndoTurn } from './use-undo-turn';
