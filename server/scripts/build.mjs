// Bundles the server and the workspace's shared package into dist/main.js; npm packages stay
// external and load from node_modules as usual. The project templates (templates/) are copied to
// dist/templates, where the bundle looks for them (src/modules/templates/folders.ts).
import { build } from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sharedEntry = path.resolve(root, '../shared/src/index.ts');

await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(root, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  logLevel: 'warning',
  plugins: [
    {
      name: 'bundle-kiln-shared',
      setup(builder) {
        builder.onResolve({ filter: /^@kiln\/shared$/ }, () => ({ path: sharedEntry }));
      },
    },
  ],
});

// A fresh copy each build, so a template file deleted from templates/ leaves no stale copy behind.
const templatesCopy = path.join(root, 'dist/templates');
await fs.rm(templatesCopy, { recursive: true, force: true });
await fs.cp(path.join(root, 'templates'), templatesCopy, { recursive: true });
