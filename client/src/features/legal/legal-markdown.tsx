import { createElement, Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { LegalNode } from './legal-content';

/** A path within Kiln: '/terms-of-service', '/privacy-policy#cookies' (not '//host/…'). */
function isKilnPath(href: string) {
  return href.startsWith('/') && !href.startsWith('//');
}

function renderNode(node: LegalNode): ReactNode {
  if (typeof node === 'string') return node;
  const [tag, props, ...children] = node;
  const content = children.map(renderNode);
  if (tag === 'a') {
    // Kiln's own pages open without reloading the app; mail and other sites are ordinary links.
    const href = typeof props.href === 'string' ? props.href : '';
    return isKilnPath(href)
      ? createElement(Link, { href }, ...content)
      : createElement('a', { href }, ...content);
  }
  return createElement(tag, props, ...content);
}

/**
 * Part of a policy, compiled from its Markdown when the client was built (compile-policy.ts). The
 * elements come out plain (p, ul, ol, h3, a, strong, code): legal-page.tsx styles them. Nothing
 * here sets inner HTML.
 */
export function LegalMarkdown({ content }: { content: readonly LegalNode[] }) {
  return createElement(Fragment, null, ...content.map(renderNode));
}
