// The AI feature's public face: the editor's AI Chat panel and the generation under way.
export { AiChatPanel } from './ai-chat-panel';
export { GenerationBanner } from './generation-banner';
