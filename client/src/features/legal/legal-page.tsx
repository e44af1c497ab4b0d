import { Home } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { COPYRIGHT_YEAR, publicPagesOfKind } from '@kiln/shared';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** One numbered section of a legal page; the layout adds the number. */
export interface LegalSection {
  title: string;
  body: ReactNode;
}

export const LEGAL_PAGES = publicPagesOfKind('legal').map(({ path, label }) => ({
  href: path,
  label,
}));

/** Anchor ids come from the titles, so links such as /privacy-policy#cookies stay stable. */
function sectionId(title: string) {
  return title
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Typography for the policy text. There is no typography plugin, so the section bodies, plain
 * elements rendered from Markdown (p, ul, ol, h3, a, strong, code), are styled from here.
 */
const PROSE = cn(
  'mt-4 space-y-4 leading-7 text-pretty sm:leading-8',
  '[&_h3]:pt-2 [&_h3]:text-lg [&_h3]:leading-snug [&_h3]:font-semibold',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
  '[&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li_ol]:mt-2 [&_li_ul]:mt-2 [&_li::marker]:text-muted-foreground',
  '[&_strong]:font-semibold',
  '[&_code]:bg-muted [&_code]:rounded [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:break-all',
  '[&_a]:font-medium [&_a]:break-words [&_a]:underline [&_a]:decoration-primary [&_a]:underline-offset-4',
  '[&_a:hover]:decoration-2 [&_a:hover]:text-primary',
);

export function LegalPage({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  /** Shown as 'Last updated: …'; the policies pass LEGAL_LAST_UPDATED. */
  lastUpdated: string;
  intro?: ReactNode;
  sections: readonly LegalSection[];
}) {
  const [location] = useLocation();
  const numbered = sections.map((section, index) => ({
    ...section,
    number: index + 1,
    id: sectionId(section.title),
  }));

  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | Kiln`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  // The page arrives as a lazy chunk, after the browser's own jump to #anchor has been tried.
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (hash) document.getElementById(hash)?.scrollIntoView();
  }, []);

  return (
    <div className="bg-background text-foreground flex min-h-dvh flex-col">
      <header className="bg-background/80 sticky top-0 z-40 border-b backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4 sm:px-6">
          <Logo />
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            <Button asChild variant="outline" size="sm">
              <Link href="/">
                <Home aria-hidden />
                Home
              </Link>
            </Button>
          </div>
        </div>
      </header>

      <main className="flex-1">
        <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
          <header className="border-b pb-8">
            <p className="text-primary text-sm font-semibold tracking-wide uppercase">Legal</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {title}
            </h1>
            <p className="text-muted-foreground mt-3 text-sm">Last updated: {lastUpdated}</p>
            {intro && <div className="text-muted-foreground mt-6 text-lg leading-8">{intro}</div>}
          </header>

          <nav
            aria-labelledby="legal-contents-label"
            className="bg-card mt-8 rounded-xl border p-5 sm:p-6"
          >
            <p id="legal-contents-label" className="font-semibold">
              Contents
            </p>
            <ol className="marker:text-muted-foreground mt-3 list-decimal space-y-1.5 pl-6 text-sm leading-6 sm:columns-2 sm:gap-8">
              {numbered.map((section) => (
                <li key={section.id} className="break-inside-avoid pl-1">
                  <a
                    href={`#${section.id}`}
                    className="decoration-primary hover:text-primary underline underline-offset-4 hover:decoration-2"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="mt-10 space-y-12">
            {numbered.map((section) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                data-testid="legal-section"
                className="scroll-mt-24"
              >
                <h2
                  id={`${section.id}-heading`}
                  className="text-xl font-semibold tracking-tight text-balance sm:text-2xl"
                >
                  {section.number}. {section.title}
                </h2>
                <div className={PROSE}>{section.body}</div>
              </section>
            ))}
          </div>
        </article>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-8 text-sm sm:flex-row sm:justify-between sm:px-6">
          <nav aria-label="Legal policies">
            <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
              {LEGAL_PAGES.map((page) => {
                const current = location.toLowerCase() === page.href;
                return (
                  <li key={page.href}>
                    <Link
                      href={page.href}
                      aria-current={current ? 'page' : undefined}
                      className={cn(
                        'underline underline-offset-4 hover:decoration-2',
                        current
                          ? 'text-foreground decoration-primary font-medium'
                          : 'text-muted-foreground hover:text-foreground',
                      )}
                    >
                      {page.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <p className="text-muted-foreground">© {COPYRIGHT_YEAR} Kiln</p>
        </div>
      </footer>
    </div>
  );
}
