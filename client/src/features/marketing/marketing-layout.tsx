import { Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { COPYRIGHT_YEAR, PUBLIC_PAGES, publicPagesOfKind } from '@kiln/shared';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/session';

const { features, templates, useCases, pricing, resources, about, support, login } = PUBLIC_PAGES;

const NAV = [features, templates, useCases, pricing, resources];

/** Header of the marketing pages: Get Started goes to /register. */
export function MarketingHeader() {
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <header className="bg-background/80 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <Button key={item.path} asChild variant="ghost" size="sm">
              <Link href={item.path}>{item.label}</Link>
            </Button>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {isAuthenticated ? (
            <Button asChild size="sm">
              <Link href="/dashboard">Dashboard</Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
                <Link href={login.path}>{login.label}</Link>
              </Button>
              <Button asChild size="sm">
                <Link href="/register">Get Started</Link>
              </Button>
            </>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-nav"
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X /> : <Menu />}
          </Button>
        </div>
      </div>
      {open && (
        <nav id="mobile-nav" aria-label="Main" className="border-t px-4 py-2 md:hidden">
          {[...NAV, ...(isAuthenticated ? [] : [login])].map((item) => (
            <Link
              key={item.path}
              href={item.path}
              onClick={() => setOpen(false)}
              className="hover:bg-muted block rounded-md px-3 py-2 text-sm font-medium"
            >
              {item.label}
            </Link>
          ))}
        </nav>
      )}
    </header>
  );
}

const FOOTER_COLUMNS = [
  { title: 'Product', links: [features, templates, pricing, useCases] },
  { title: 'Company', links: [about, resources, support] },
  { title: 'Legal', links: publicPagesOfKind('legal') },
];

export function MarketingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 md:grid-cols-4">
        <div className="grid content-start gap-3">
          <Logo />
          <p className="text-muted-foreground max-w-xs text-sm">
            The AI-powered workspace for building full-stack applications in your browser.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title} className="grid content-start gap-2">
            <h2 className="text-sm font-semibold">{column.title}</h2>
            {column.links.map((link) => (
              <Link
                key={link.path}
                href={link.path}
                className="text-muted-foreground hover:text-foreground text-sm"
              >
                {link.label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
      <div className="text-muted-foreground border-t py-6 text-center text-xs">
        © {COPYRIGHT_YEAR} Kiln. All rights reserved.
      </div>
    </footer>
  );
}

/** The frame of every marketing page: header, a titled hero, content, footer. */
export function MarketingPage({
  title,
  subtitle,
  eyebrow,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  eyebrow?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <MarketingHeader />
      <main className="flex-1">
        <section className="ember-glow border-b">
          <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-20">
            {eyebrow && (
              <p className="text-primary mb-3 text-sm font-semibold tracking-wide uppercase">
                {eyebrow}
              </p>
            )}
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
            {subtitle && (
              <p className="text-muted-foreground mx-auto mt-4 max-w-2xl text-lg text-pretty">
                {subtitle}
              </p>
            )}
          </div>
        </section>
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">{children}</div>
      </main>
      <MarketingFooter />
    </div>
  );
}

/** The closing call to action of the marketing pages. */
export function GetStartedBanner({
  title = 'Ready to build something?',
  text = 'Create a free account and have your first project running in under a minute.',
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section className="bg-card mt-16 rounded-2xl border p-8 text-center sm:p-12">
      <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h2>
      <p className="text-muted-foreground mx-auto mt-3 max-w-xl">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link href="/register">Get Started</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/pricing">View Pricing</Link>
        </Button>
      </div>
    </section>
  );
}
