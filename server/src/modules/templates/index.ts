// The templates module's public entry: the catalogue with each template's files.
import { defineModule } from '../../lib/kiln-module';
import { registerTemplateRoutes } from './routes';
export * from './catalog';

export const templatesModule = defineModule<unknown>({
  name: 'templates',
  register: (app) => registerTemplateRoutes(app),
});
