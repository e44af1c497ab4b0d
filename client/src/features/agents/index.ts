// The AI agents feature's public face: the orchestration panel the editor's right column shows
// instead of its tabs, its header toggle's state, and the code a request carries.
export { AgentPanel } from './agent-panel';
export { agentContextFiles } from './context-files';
export { useAgentPanelToggle } from './use-agent-panel-toggle';
