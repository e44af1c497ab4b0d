// The model stand-in's public face: start it, script it, read what it was sent.
export {
  startModelStandIn,
  type ModelStandIn,
  type ModelStandInOptions,
} from './start-model-stand-in';
export type { RecordedRequest, RequestOutcome } from './request-log';
export type {
  ChatRequest,
  FailureKind,
  ReplyContext,
  ReplyStep,
  ScriptedReply,
  ScriptedToolCall,
} from './schemas';
export { messageText } from './conversation';
export { E2E_SCENARIOS } from './e2e-scenarios';
