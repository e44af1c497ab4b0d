// The uploads module's public entry: stored uploads and multipart reading.
import type { Database } from '../../db/client';
import { defineModule } from '../../lib/kiln-module';
import { registerUploadRoutes } from './routes';
export * from './service';
export * from './multipart';

export const uploadsModule = defineModule<{ db: Database }>({
  name: 'uploads',
  register: (app, { db }) => registerUploadRoutes(app, { db }),
});
