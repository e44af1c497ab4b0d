// Prints the README's configuration table from server/src/env.ts: npx tsx scripts/env-table.ts
import { ENV_DOCS } from '../server/src/env';

console.log('| Setting | Default | What it does |');
console.log('|---|---|---|');
for (const [name, doc] of Object.entries(ENV_DOCS)) {
  console.log(`| \`${name}\` | ${doc.default} | ${doc.description} |`);
}
