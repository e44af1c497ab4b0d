import { ChevronDown } from 'lucide-react';

export interface Faq {
  question: string;
  answer: string;
}

/** Questions as native disclosures: keyboard- and screen-reader-friendly with no script. */
export function FaqList({ faqs, testId }: { faqs: readonly Faq[]; testId: string }) {
  return (
    <div className="mt-8 divide-y overflow-hidden rounded-xl border">
      {faqs.map((faq) => (
        <details key={faq.question} className="group" data-testid={testId}>
          <summary className="hover:bg-muted/50 flex cursor-pointer list-none items-center justify-between gap-4 p-5 font-medium focus-visible:-outline-offset-2 [&::-webkit-details-marker]:hidden">
            {faq.question}
            <ChevronDown
              className="text-muted-foreground size-4 shrink-0 transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <p className="text-muted-foreground px-5 pb-5 text-sm leading-relaxed">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
