import { LEGAL_LAST_UPDATED } from '@kiln/shared';
import { useMemo } from 'react';
import { LegalMarkdown } from './legal-markdown';
import { LegalPage } from './legal-page';
import { parsePolicy } from './policy-document';

/** A policy page drawn from its Markdown file: the title, intro and numbered sections it holds. */
export function PolicyPage({ markdown }: { markdown: string }) {
  const policy = useMemo(() => parsePolicy(markdown), [markdown]);
  return (
    <LegalPage
      title={policy.title}
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={policy.intro ? <LegalMarkdown markdown={policy.intro} /> : undefined}
      sections={policy.sections.map((section) => ({
        title: section.title,
        body: <LegalMarkdown markdown={section.markdown} />,
      }))}
    />
  );
}
