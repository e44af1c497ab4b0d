import {
  Bot,
  Code2,
  GitBranch,
  MonitorSmartphone,
  Play,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Suspense, useState, type ComponentType } from 'react';
import { Link } from 'wouter';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { MarketingFooter } from './marketing-layout';
import { WorkspacePreview } from './workspace-preview';

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Bot,
    title: 'AI that writes real code',
    text: 'Describe what you want and Claude or GPT plans it, writes the files and explains the changes. Attach a screenshot for context.',
  },
  {
    icon: Code2,
    title: 'A proper code editor',
    text: 'The editor behind VS Code, with IntelliSense, syntax highlighting for every common language, quick open and search across files.',
  },
  {
    icon: MonitorSmartphone,
    title: 'Live preview on any screen',
    text: 'See your pages as you type, at desktop, tablet and phone sizes, with a console for the errors you would otherwise miss.',
  },
  {
    icon: Play,
    title: 'Run JavaScript and Python',
    text: 'Press Run and see the output in the terminal. Every run is sandboxed, with imports between your files just working.',
  },
  {
    icon: GitBranch,
    title: 'GitHub, both ways',
    text: 'Import a repository, push your changes, pull your team’s, switch branches and resolve conflicts without leaving the editor.',
  },
  {
    icon: Users,
    title: 'Build together',
    text: 'See who else is in the project and which file they have open, then deploy the result when it is ready.',
  },
];

type AuthTab = 'login' | 'register';

/** The sign-in and registration dialog (features/auth), handed in by app/pages/landing.tsx. */
export type AuthDialogType = ComponentType<{
  open: boolean;
  tab: AuthTab;
  onOpenChange: (open: boolean) => void;
  onTabChange: (tab: AuthTab) => void;
}>;

/**
 * The landing page: every sign-in or start button opens the authentication dialog. The dialog's
 * forms bring their fields' code and zod: `AuthDialog` is lazy, and `preloadAuthDialog` starts its
 * download on the first sign of intent (hover, focus, touch) rather than with the page, which
 * keeps the landing page light.
 */
export default function LandingPage({
  AuthDialog,
  preloadAuthDialog,
}: {
  AuthDialog: AuthDialogType;
  preloadAuthDialog: () => void;
}) {
  const preload = {
    onPointerEnter: preloadAuthDialog,
    onFocus: preloadAuthDialog,
    onTouchStart: preloadAuthDialog,
  };
  const [dialog, setDialog] = useState<{ open: boolean; tab: AuthTab; used: boolean }>({
    open: false,
    tab: 'login',
    used: false,
  });
  const openDialog = (tab: AuthTab) => setDialog({ open: true, tab, used: true });

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="bg-background/80 sticky top-0 z-40 border-b backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          <Logo />
          <nav aria-label="Main" className="ml-4 hidden items-center gap-1 sm:flex">
            <Button asChild variant="ghost" size="sm">
              <Link href="/features">Features</Link>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link href="/pricing">Pricing</Link>
            </Button>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            <Button variant="ghost" size="sm" {...preload} onClick={() => openDialog('login')}>
              Sign In
            </Button>
            <Button size="sm" {...preload} onClick={() => openDialog('register')}>
              Get Started
            </Button>
          </div>
        </div>
      </header>

      <main className="flex-1">
        <section className="ember-glow overflow-hidden border-b">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[1.05fr_1fr]">
            <div className="text-center lg:text-left">
              <p className="bg-accent text-accent-foreground mb-5 inline-flex rounded-full px-3 py-1 text-xs font-semibold">
                AI-powered development platform
              </p>
              <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
                Build full-stack apps <span className="ember-text">at the speed of thought</span>
              </h1>
              <p className="text-muted-foreground mt-6 text-lg text-pretty">
                Kiln is a complete development environment in your browser: describe an app, watch
                the AI build it, then edit, run, preview and ship it with your team.
              </p>
              <div className="mt-8 flex flex-wrap justify-center gap-3 lg:justify-start">
                <Button size="lg" {...preload} onClick={() => openDialog('register')}>
                  Start Building Free
                </Button>
                <Button
                  size="lg"
                  variant="outline"
                  {...preload}
                  onClick={() => openDialog('login')}
                >
                  Sign In
                </Button>
              </div>
              <p className="text-muted-foreground mt-4 text-sm">
                Free for up to three projects. No card needed.
              </p>
            </div>
            <WorkspacePreview />
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-20">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Everything you need to ship
            </h2>
            <p className="text-muted-foreground mt-4">
              One workspace from the first idea to the deployed app.{' '}
              <Link
                href="/features"
                className="text-primary underline underline-offset-2 hover:decoration-2"
              >
                See all features
              </Link>
            </p>
          </div>
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <Card key={title} className="transition-colors hover:border-primary/40">
                <CardHeader>
                  <span className="bg-accent text-accent-foreground mb-2 inline-flex size-10 items-center justify-center rounded-lg">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <CardTitle>{title}</CardTitle>
                </CardHeader>
                <CardContent className="text-muted-foreground text-sm leading-relaxed">
                  {text}
                </CardContent>
              </Card>
            ))}
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 pb-24">
          <div className="bg-card relative overflow-hidden rounded-2xl border p-10 text-center sm:p-16">
            <div className="ember-glow pointer-events-none absolute inset-0" aria-hidden />
            <h2 className="relative text-3xl font-bold tracking-tight sm:text-4xl">
              Your next project is one sentence away
            </h2>
            <p className="text-muted-foreground relative mx-auto mt-4 max-w-xl">
              Join developers, learners and teams who build with Kiln. Upgrade when you need more.
            </p>
            <Button
              size="lg"
              className="relative mt-8"
              {...preload}
              onClick={() => openDialog('register')}
            >
              Get Started Free
            </Button>
          </div>
        </section>
      </main>

      <MarketingFooter />
      {dialog.used && (
        <Suspense fallback={null}>
          <AuthDialog
            open={dialog.open}
            tab={dialog.tab}
            onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
            onTabChange={(tab) => setDialog((current) => ({ ...current, tab }))}
          />
        </Suspense>
      )}
    </div>
  );
}
