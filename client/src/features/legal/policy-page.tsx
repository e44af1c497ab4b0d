import { LEGAL_LAST_UPDATED } from '@kiln/shared';
import type { CompiledPolicy } from './legal-content';
import { LegalMarkdown } from './legal-markdown';
import { LegalPage } from './legal-page';

/** A policy page drawn from its Markdown file: the title, intro and numbered sections it holds. */
export function PolicyPage({ policy }: { policy: CompiledPolicy }) {
  return (
    <LegalPage
      title={policy.title}
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={policy.intro.length > 0 ? <LegalMarkdown content={policy.intro} /> : undefined}
      sections={policy.sections.map((section) => ({
        title: section.title,
        body: <LegalMarkdown content={section.content} />,
      }))}
    />
  );
}
