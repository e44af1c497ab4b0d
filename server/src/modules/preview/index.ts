// The preview module's public entry: the preview server, its links, and the proxy's view of
// running dev servers.
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { defineModule } from '../../lib/kiln-module';
import { registerPreviewRoutes } from './routes';
export { buildPreviewApp, type BuildPreviewAppOptions } from './app';
export type { DevServerLookup, DevServerUpstream } from './dev-proxy';
export { previewFrameSource } from './preview-host';
export { createPreviewLink } from './service';
export { previewTokenKey } from './token';

export const previewModule = defineModule<{ env: Env; db: Database; keys: { root: Buffer } }>({
  name: 'preview',
  register: (app, { env, db, keys }) => registerPreviewRoutes(app, { db, env, rootKey: keys.root }),
});
