/**
 * Facts the policies state. The Markdown spells them out, so a lawyer reads plain text rather
 * than placeholders; policy-facts.test.ts fails when the two disagree.
 */

/** The operator named in all three policies. */
export const LEGAL_ENTITY = 'Kiln Technologies Ltd';

/** Every address a policy may give, each written as a mailto link. */
export const CONTACT_EMAILS = {
  privacy: 'privacy@kiln.dev',
  legal: 'legal@kiln.dev',
  support: 'support@kiln.dev',
} as const;
