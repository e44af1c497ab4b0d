// Shared with scripts/system-programs.mjs, which runs before `npm install`: see program-lookup.mjs.
export { isExecutableFile } from './program-lookup.mjs';
