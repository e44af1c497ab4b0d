/**
 * Kiln's public pages, the ones anyone may open signed out: the one list of their paths. The
 * client's routes, header and footer, the end-to-end tests and the screenshot script all read it.
 * A page added here fails the client's typecheck until client/src/app/routes.tsx gives it a
 * component, and e2e's until public-pages.spec.ts gives it a heading to expect.
 */
export interface PublicPage {
  path: `/${string}`;
  /** What the site's menus call it; only the pages they link to have one. */
  label?: string;
  /** The frame it sits in: the marketing header and footer, the legal pages' own, or AuthShell. */
  kind: 'marketing' | 'legal' | 'account';
}

export const PUBLIC_PAGES = {
  landing: { path: '/', kind: 'marketing' },
  features: { path: '/features', label: 'Features', kind: 'marketing' },
  templates: { path: '/templates', label: 'Templates', kind: 'marketing' },
  useCases: { path: '/use-cases', label: 'Use Cases', kind: 'marketing' },
  pricing: { path: '/pricing', label: 'Pricing', kind: 'marketing' },
  resources: { path: '/resources', label: 'Resources', kind: 'marketing' },
  about: { path: '/about', label: 'About', kind: 'marketing' },
  support: { path: '/support', label: 'Support', kind: 'marketing' },
  privacyPolicy: { path: '/privacy-policy', label: 'Privacy Policy', kind: 'legal' },
  termsOfService: { path: '/terms-of-service', label: 'Terms of Service', kind: 'legal' },
  cookiesPolicy: { path: '/cookies-policy', label: 'Cookies Policy', kind: 'legal' },
  login: { path: '/login', label: 'Sign In', kind: 'account' },
  register: { path: '/register', kind: 'account' },
  verifyEmail: { path: '/verify-email', kind: 'account' },
  resetPassword: { path: '/reset-password', kind: 'account' },
} as const satisfies Record<string, PublicPage>;

export type PublicPageName = keyof typeof PUBLIC_PAGES;

/** The pages' names in the order above (Object.keys types its answer as plain strings). */
export const PUBLIC_PAGE_NAMES = Object.keys(PUBLIC_PAGES) as PublicPageName[];

/** Every public page, in the order above. */
export const PUBLIC_PAGE_LIST: readonly PublicPage[] = Object.values(PUBLIC_PAGES);

type PublicPageOfKind<K extends PublicPage['kind']> = Extract<
  (typeof PUBLIC_PAGES)[PublicPageName],
  { kind: K }
>;

/** The pages of one kind, in the order above, typed as written (the legal ones have labels). */
export function publicPagesOfKind<K extends PublicPage['kind']>(kind: K): PublicPageOfKind<K>[] {
  return Object.values(PUBLIC_PAGES).filter(
    (page): page is PublicPageOfKind<K> => page.kind === kind,
  );
}
