// The AI feature's public face: the editor's AI Chat panel.
export { AiChatPanel } from './ai-chat-panel';
