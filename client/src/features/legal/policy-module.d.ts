// A policy's Markdown compiled when the client is built (policy-plugin.ts).
declare module '*.md?policy' {
  // An ambient module may not `import type` from a relative path; an import() type may.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const policy: import('./legal-content').CompiledPolicy;
  export default policy;
}
