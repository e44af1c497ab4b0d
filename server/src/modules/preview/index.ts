// The preview module's public entry: the preview server, its links, and the proxy's view of
// running dev servers.
export { buildPreviewApp, type BuildPreviewAppOptions } from './app';
export type { DevServerLookup, DevServerUpstream } from './dev-proxy';
export { previewFrameSource } from './preview-host';
export { createPreviewLink } from './service';
export { previewTokenKey } from './token';
