import { parse } from 'regexparam';
import type { ReactNode } from 'react';
import { Router as WouterRouter } from 'wouter';

/** Paths match case-insensitively, with named parameters. */
function caseInsensitiveParser(route: string, loose?: boolean) {
  const { pattern, keys } = parse(route, loose);
  return { pattern: new RegExp(pattern.source, 'i'), keys };
}

export function Router({ children }: { children: ReactNode }) {
  return <WouterRouter parser={caseInsensitiveParser}>{children}</WouterRouter>;
}
