import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { compilePolicy } from './compile-policy';

// Loaded through Vite's module runner, as the app's own modules are, rather than imported here:
// the config files import this file alone.
const COMPILER = fileURLToPath(new URL('./compile-policy.ts', import.meta.url));
type Compiler = { compilePolicy: typeof compilePolicy };

/**
 * `import policy from './content/x.md?policy'`: the policy compiled (compile-policy.ts) when the
 * client is built, so the pages carry its elements rather than react-markdown and its parser.
 * A policy that does not compile fails the build, naming its problem.
 */
export function policyMarkdown(): Plugin {
  let compiler: Promise<Compiler> | undefined;
  return {
    name: 'kiln-policy-markdown',
    async load(id) {
      // `?policy`, or `?import&policy` as the dev server asks for it.
      const [file = '', query = ''] = id.split('?', 2);
      if (!new URLSearchParams(query).has('policy')) return null;
      this.addWatchFile(file);
      compiler ??= runnerImport<Compiler>(COMPILER).then((result) => result.module);
      const policy = (await compiler).compilePolicy(await readFile(file, 'utf8'));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(policy))});`;
    },
  };
}
