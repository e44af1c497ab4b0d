import type { TemplateFile } from '@kiln/shared';
import { file } from './define';

export const blankFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# My Project

A blank JavaScript project: one script and this README. Start writing code in \`index.js\`.

## Run it

\`\`\`bash
node index.js
\`\`\`

You need [Node.js](https://nodejs.org) 20 or newer. Add more files as the project grows and
import them from \`index.js\`.
`,
  ),
  file(
    'index.js',
    `
// The entry point of your project: run it with \`node index.js\`.

function greet(name) {
  return \`Hello, \${name}! Your project is ready.\`;
}

console.log(greet('world'));
console.log('Edit index.js and run it again to see your changes.');
`,
  ),
];
