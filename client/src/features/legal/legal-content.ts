/**
 * A policy's Markdown as react-markdown renders it, worked out when the client is built
 * (compile-policy.ts) so the pages ship the elements and not the Markdown parser: a text, or an
 * element as its tag, its props and its children.
 */
export type LegalNode = string | LegalElement;
export type LegalElement = [tag: string, props: Record<string, unknown>, ...children: LegalNode[]];

/** A policy file, compiled: its title, its intro and its numbered sections. */
export interface CompiledPolicy {
  title: string;
  /** Empty when the policy has no text between its title and its first section. */
  intro: LegalNode[];
  sections: { title: string; content: LegalNode[] }[];
}
