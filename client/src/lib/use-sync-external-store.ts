// What wouter imports as `use-sync-external-store/shim` (vite.config.ts aliases it here): the
// shim exists for React before 18 and, on React 19, only hands on React's own hook, so the
// hook is taken from React directly and the shim's 0.3 KB leave every page (bench/page-weight).
export { useSyncExternalStore } from 'react';
