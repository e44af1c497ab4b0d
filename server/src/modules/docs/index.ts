// The docs module's public entry: the API document at /api/docs and /api/openapi.json.
import { defineModule } from '../../lib/kiln-module';
import { registerApiDocument } from './api-document';

/** First in the list: the document collects the routes as the modules after it add them. */
export const docsModule = defineModule<unknown>({
  name: 'docs',
  register: (app) => registerApiDocument(app),
});
