export function isExecutableFile(file: string): boolean;
export function newestVersionedGoBin(root: string): string | null;
export function withVersionedGo(searchPath: string, goBin: string | null): string;
export function versionAtLeast(version: string, minimum: string): boolean;
