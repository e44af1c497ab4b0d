import {
  Check,
  Code,
  Database,
  GitBranch,
  KeyRound,
  LayoutTemplate,
  MonitorSmartphone,
  Rocket,
  Sparkles,
  SquareTerminal,
  Users,
  type LucideIcon,
} from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { GetStartedBanner, MarketingPage } from './marketing-layout';

interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
  points: string[];
}

/** The ten advertised features. */
const FEATURES: Feature[] = [
  {
    icon: Sparkles,
    title: 'AI code generation',
    description:
      'Describe what you want in plain English and Kiln writes the code, from a single function to a whole project. Choose between the Claude and GPT model families, and attach a screenshot or mock-up so the assistant can see what you mean.',
    points: [
      'Claude and GPT model families',
      'Image context from screenshots and designs',
      'Agents that plan, write, review, test and debug',
    ],
  },
  {
    icon: Code,
    title: 'A professional code editor',
    description:
      'Kiln is built on Monaco, the editor at the heart of VS Code, so IntelliSense, syntax highlighting and multi-cursor editing feel familiar from the first keystroke. Find anything quickly with fuzzy file search and full-text search across the project.',
    points: [
      'IntelliSense completion for many languages',
      'Search in files with regex and case matching',
      'Quick open, go to line and go to definition',
    ],
  },
  {
    icon: MonitorSmartphone,
    title: 'Live preview',
    description:
      'See your pages as you build them, right beside your code. Switch between desktop, tablet and mobile sizes to check a responsive layout, and open the built-in console to debug without leaving the tab.',
    points: [
      'Desktop, tablet (768×1024) and mobile (375×667)',
      'Developer-tools console inside the preview',
      'Sandboxed, on an origin of its own',
    ],
  },
  {
    icon: SquareTerminal,
    title: 'Run JavaScript and Python',
    description:
      'Run the file you are working on with one click or a keyboard shortcut. Code runs in an isolated sandbox, and its output appears in an integrated terminal next to the editor.',
    points: [
      'JavaScript and Python with no local set-up',
      'Isolated from your account and other projects',
      'Output and errors in the integrated terminal',
    ],
  },
  {
    icon: GitBranch,
    title: 'GitHub integration',
    description:
      'Import an existing repository or link a new project to one, then push and pull without leaving the editor. When your branch and the remote have both moved on, Kiln walks you through each conflict so you decide which version to keep.',
    points: [
      'Import, push, pull and switch branches',
      'Conflict resolution, file by file',
      'Auto-sync on save with Pro and Enterprise',
    ],
  },
  {
    icon: LayoutTemplate,
    title: 'Project templates',
    description:
      'Start from a working project instead of an empty folder. Templates cover React, Vue, Angular, Svelte, Express, Flask, Django, Rails and Go, each with the files and structure its framework expects.',
    points: [
      '13 starter projects across five languages',
      'Import an existing project from a zip file',
      'Or plan a new one with the AI in a chat',
    ],
  },
  {
    icon: Users,
    title: 'Live collaboration',
    description:
      'Work on a project together and always know who else is in it. Presence shows each collaborator and the file they have open, and you see when a teammate saves a change.',
    points: [
      'Presence for everyone in the project',
      'See which file each person is editing',
      'Reconnects on its own after a dropped connection',
    ],
  },
  {
    icon: Rocket,
    title: 'One-click deployment',
    description:
      'Put your project on the web when it is ready. Link it to GitHub, then deploy to Vercel, Netlify or Railway in a click, with your deployment settings kept alongside the project.',
    points: [
      'Vercel, Netlify and Railway',
      'Deploys straight from your linked repository',
      'Per-project deployment configuration',
    ],
  },
  {
    icon: KeyRound,
    title: 'Environment variables and secrets',
    description:
      'Keep API keys and connection strings out of your source code. Each project has its own environment variables, which are masked on screen and encrypted at rest.',
    points: [
      'Values masked, with a reveal toggle per row',
      'Encrypted at rest and never sent to the AI',
      'Available to your code when it runs',
    ],
  },
  {
    icon: Database,
    title: 'SQL database tools',
    description:
      'Every project gets a PostgreSQL database of its own. Write and run SQL in the built-in runner, read the results as a table, and export them when you need them elsewhere.',
    points: [
      'A separate database for each project',
      'SQL runner with tabular results',
      'Export results to CSV, or open Drizzle Studio',
    ],
  },
];

export default function FeaturesPage() {
  return (
    <MarketingPage
      eyebrow="Features"
      title="Everything you need to build, in one browser tab"
      subtitle="Write code with an AI pair programmer, run it, preview it, sync it with GitHub and ship it, without installing anything."
    >
      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          From first idea to deployed app
        </h2>
        <p className="text-muted-foreground mt-2 max-w-2xl">
          Ten tools that work together, so you spend your time on the product instead of on your
          set-up.
        </p>
        <div className="mt-8 grid gap-6 sm:grid-cols-2">
          {FEATURES.map((feature) => (
            <Card key={feature.title} data-testid="feature-card" className="flex flex-col">
              <CardHeader>
                <span className="bg-primary/10 text-primary mb-2 flex size-10 items-center justify-center rounded-lg">
                  <feature.icon className="size-5" aria-hidden />
                </span>
                <CardTitle>{feature.title}</CardTitle>
                <CardDescription className="text-pretty">{feature.description}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <ul className="grid gap-2 text-sm">
                  {feature.points.map((point) => (
                    <li key={point} className="flex items-start gap-2">
                      <Check className="text-primary mt-0.5 size-4 shrink-0" aria-hidden />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>
      <GetStartedBanner
        title="See it for yourself"
        text="Create a free account, pick a template and have your first project running in the browser."
      />
    </MarketingPage>
  );
}
