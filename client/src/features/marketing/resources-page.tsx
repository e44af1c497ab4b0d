import {
  ArrowRight,
  BookOpen,
  CreditCard,
  Layers,
  LayoutTemplate,
  LifeBuoy,
  Lightbulb,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { GetStartedBanner, MarketingPage } from './marketing-layout';

interface Resource {
  icon: LucideIcon;
  title: string;
  description: string;
  href: string;
  action: string;
}

const RESOURCES: Resource[] = [
  {
    icon: BookOpen,
    title: 'Feature guide',
    description:
      'A tour of the whole workspace, from the AI assistant and the editor to GitHub sync, deployment and the SQL runner.',
    href: '/features',
    action: 'Explore the features',
  },
  {
    icon: LayoutTemplate,
    title: 'Template gallery',
    description:
      'Starter projects for React, Vue, Angular, Svelte, Express, Flask, Django, Rails and Go, grouped by what you want to build.',
    href: '/templates',
    action: 'Browse the templates',
  },
  {
    icon: Lightbulb,
    title: 'Use-case guides',
    description:
      'How learners, teachers, founders, interviewers and enterprise teams use Kiln, and what each of them gets from it.',
    href: '/use-cases',
    action: 'Read the use cases',
  },
  {
    icon: LifeBuoy,
    title: 'Help centre',
    description:
      'Answers to the questions we are asked most, and every way to reach the Kiln support team.',
    href: '/support',
    action: 'Get help',
  },
  {
    icon: CreditCard,
    title: 'Plans and billing',
    description:
      'Compare Free, Pro and Enterprise, and see how free trials, plan changes and cancellations work.',
    href: '/pricing',
    action: 'Compare the plans',
  },
  {
    icon: Layers,
    title: 'Technology stack',
    description:
      'What Kiln is built on, from the Monaco editor and two AI model families to real-time collaboration over WebSockets.',
    href: '/about',
    action: 'Meet the stack',
  },
];

const QUICK_START: { title: string; text: string; link?: { href: string; label: string } }[] = [
  {
    title: 'Create your free account',
    text: 'Sign up with your email address. The Free plan gives you three projects and 5GB of storage, and needs no card.',
    link: { href: '/register', label: 'Create an account' },
  },
  {
    title: 'Pick a template or describe your app',
    text: 'Choose a starter template, import a project from a zip file, or tell the AI what you want to make and plan it together in a chat.',
    link: { href: '/templates', label: 'Browse templates' },
  },
  {
    title: 'Edit, run and preview',
    text: 'Write code in the editor with the AI beside you, run JavaScript and Python with one click, and check your pages in the live preview.',
  },
  {
    title: 'Share and deploy',
    text: 'Push your project to GitHub, work on it with collaborators, and deploy it to Vercel, Netlify or Railway when it is ready.',
  },
];

/** A few of the editor's shortcuts (its help dialog lists them all); Cmd replaces Ctrl on a Mac. */
const SHORTCUTS: { keys: string[]; action: string }[] = [
  { keys: ['Ctrl', 'P'], action: 'Open a file by name' },
  { keys: ['Ctrl', 'Shift', 'F'], action: 'Search in all files' },
  { keys: ['Ctrl', 'S'], action: 'Save the current file' },
  { keys: ['Ctrl', 'Enter'], action: 'Run the current file' },
  { keys: ['Ctrl', 'Shift', 'P'], action: 'Open the preview' },
  { keys: ['Ctrl', 'Shift', 'T'], action: 'Open the terminal' },
  { keys: ['Ctrl', 'G'], action: 'Go to a line' },
  { keys: ['Ctrl', 'K'], action: 'Show every shortcut' },
];

export default function ResourcesPage() {
  return (
    <MarketingPage
      eyebrow="Resources"
      title="Everything you need to get going"
      subtitle="Guides to the product, a gallery of starter projects, and a four-step path from sign-up to a deployed app."
    >
      <div className="space-y-20 sm:space-y-24">
        <section aria-labelledby="resources-heading">
          <h2 id="resources-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Guides and references
          </h2>
          <p className="text-muted-foreground mt-2 max-w-2xl">
            Start wherever suits you: see what Kiln can do, find a starting point, or get help.
          </p>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {RESOURCES.map((resource) => (
              <Card
                key={resource.title}
                data-testid="resource-card"
                className="hover:border-primary/50 has-[a:focus-visible]:ring-ring relative flex flex-col transition-colors has-[a:focus-visible]:ring-2"
              >
                <CardHeader className="flex-1">
                  <span className="bg-primary/10 text-primary mb-2 flex size-10 items-center justify-center rounded-lg">
                    <resource.icon className="size-5" aria-hidden />
                  </span>
                  <CardTitle>{resource.title}</CardTitle>
                  <CardDescription className="text-pretty">{resource.description}</CardDescription>
                  {/* The link covers the whole card, so the card is one large target with one name. */}
                  <Link
                    href={resource.href}
                    className="text-primary mt-auto flex items-center gap-1 pt-3 text-sm font-medium outline-none after:absolute after:inset-0 after:rounded-xl"
                  >
                    {resource.action}
                    <ArrowRight className="size-4" aria-hidden />
                  </Link>
                </CardHeader>
              </Card>
            ))}
          </div>
        </section>

        <section aria-labelledby="quick-start-heading">
          <h2 id="quick-start-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Quick start
          </h2>
          <p className="text-muted-foreground mt-2 max-w-2xl">
            From a new account to a live app in four steps.
          </p>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {QUICK_START.map((step, index) => (
              <li
                key={step.title}
                data-testid="quick-start-step"
                className="bg-card flex flex-col rounded-xl border p-6"
              >
                <span className="bg-primary text-primary-foreground flex size-8 items-center justify-center rounded-full text-sm font-semibold">
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold">{step.title}</h3>
                <p className="text-muted-foreground mt-2 text-sm">{step.text}</p>
                {step.link && (
                  <Link
                    href={step.link.href}
                    className="text-primary mt-auto pt-4 text-sm font-medium hover:underline"
                  >
                    {step.link.label}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="shortcuts-heading">
          <h2 id="shortcuts-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Shortcuts worth learning first
          </h2>
          <p className="text-muted-foreground mt-2 max-w-2xl">
            On a Mac, use Cmd wherever you see Ctrl. Press Ctrl + K in the editor for the full list.
          </p>
          <dl className="bg-border mt-8 grid gap-px overflow-hidden rounded-xl border sm:grid-cols-2">
            {SHORTCUTS.map((shortcut) => (
              <div
                key={shortcut.action}
                className="bg-card flex items-center justify-between gap-4 px-5 py-3"
              >
                <dt className="text-sm">{shortcut.action}</dt>
                <dd className="flex shrink-0 items-center gap-1">
                  {shortcut.keys.map((key) => (
                    <kbd
                      key={key}
                      className="bg-muted rounded border px-1.5 py-0.5 font-mono text-xs"
                    >
                      {key}
                    </kbd>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <GetStartedBanner />
    </MarketingPage>
  );
}
