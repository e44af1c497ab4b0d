import {
  Accessibility,
  Code,
  Cpu,
  Database,
  HeartHandshake,
  Layers,
  Lightbulb,
  Radio,
  Sparkles,
  Terminal,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { MarketingPage } from './marketing-layout';

interface Item {
  icon: LucideIcon;
  title: string;
  description: string;
}

const VALUES: Item[] = [
  {
    icon: Terminal,
    title: 'Developer-First',
    description:
      'We build the tool we want to use ourselves: fast feedback, familiar shortcuts and no lock-in. Your code is always yours to push to GitHub and take wherever you like.',
  },
  {
    icon: Lightbulb,
    title: 'Innovation',
    description:
      'We put AI to work where it helps most, planning, writing, reviewing, testing and debugging code, while you stay in control of every change.',
  },
  {
    icon: Accessibility,
    title: 'Accessibility',
    description:
      'Professional tools should not need a powerful laptop or an expensive licence. Kiln runs in a browser, starts free, and is designed to work with a keyboard and a screen reader.',
  },
  {
    icon: HeartHandshake,
    title: 'Community',
    description:
      'Developers learn best from each other. Live collaboration, starter templates and our community forum are there so nobody has to build alone.',
  },
];

/** The only marketing figures the product states; do not add others. */
const STATS = [
  { value: '10,000+', label: 'Active developers' },
  { value: '50,000+', label: 'Projects created' },
  { value: '99.9%', label: 'Uptime SLA' },
  { value: '13+', label: 'Framework templates' },
];

const STACK: Item[] = [
  {
    icon: Code,
    title: 'Monaco code editor',
    description:
      'The editor that powers VS Code, with IntelliSense, syntax highlighting and multi-cursor editing.',
  },
  {
    icon: Sparkles,
    title: 'Claude and GPT',
    description:
      'Two AI model families behind the assistant and the agents, so each task gets a model that suits it.',
  },
  {
    icon: Cpu,
    title: 'In-browser Node runtime',
    description: 'A Node.js runtime that runs inside your browser tab, right next to your code.',
  },
  {
    icon: Database,
    title: 'PostgreSQL and Drizzle ORM',
    description:
      'A proven relational database, reached through a type-safe ORM, for your account and for each project’s own database.',
  },
  {
    icon: Layers,
    title: 'Redis-backed job queue',
    description:
      'AI generation, auto-push and deployments run as background jobs on a Redis-backed queue, so the editor stays responsive.',
  },
  {
    icon: Radio,
    title: 'WebSocket collaboration',
    description:
      'Presence and file activity travel over WebSockets, so everyone in a project sees changes as they happen.',
  },
];

const SECTION_HEADING = 'text-2xl font-bold tracking-tight sm:text-3xl';

function ItemCard({ item }: { item: Item }) {
  return (
    <Card>
      <CardHeader>
        <span className="bg-primary/10 text-primary mb-2 flex size-10 items-center justify-center rounded-lg">
          <item.icon className="size-5" aria-hidden />
        </span>
        <CardTitle>{item.title}</CardTitle>
        <CardDescription className="text-pretty">{item.description}</CardDescription>
      </CardHeader>
    </Card>
  );
}

export default function AboutPage() {
  return (
    <MarketingPage
      eyebrow="About Kiln"
      title="Professional tools for every developer"
      subtitle="Kiln is an AI-powered workspace for building full-stack applications in the browser, for learners, professionals, startups and enterprise teams alike."
    >
      <div className="space-y-20 sm:space-y-24">
        <section aria-labelledby="mission-heading" className="mx-auto max-w-3xl text-center">
          <h2 id="mission-heading" className={SECTION_HEADING}>
            Our Mission
          </h2>
          <p className="mt-4 text-lg text-pretty">
            We are making professional development tools{' '}
            <span className="ember-text font-semibold">accessible and affordable</span> for
            everyone.
          </p>
          <p className="text-muted-foreground mt-4 text-pretty">
            A modern editor, an AI pair programmer, a real database, version control and deployment
            used to mean hours of set-up and a stack of subscriptions. Kiln brings them together in
            a single browser tab, with a free plan to start on and paid plans priced for individual
            developers as well as for companies.
          </p>
        </section>

        <section aria-labelledby="values-heading">
          <h2 id="values-heading" className={SECTION_HEADING}>
            Our Values
          </h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((value) => (
              <ItemCard key={value.title} item={value} />
            ))}
          </div>
        </section>

        <section aria-labelledby="numbers-heading">
          <h2 id="numbers-heading" className={SECTION_HEADING}>
            By the Numbers
          </h2>
          <dl className="mt-8 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
            {/* A <dl> needs the label (dt) first; column-reverse shows the figure above it. */}
            {STATS.map((stat) => (
              <div
                key={stat.label}
                data-testid="about-stat"
                className="bg-card flex flex-col-reverse justify-end rounded-xl border p-4 text-center sm:p-6"
              >
                <dt className="text-muted-foreground mt-1 text-sm">{stat.label}</dt>
                <dd className="ember-text text-2xl font-bold tracking-tight sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="stack-heading">
          <h2 id="stack-heading" className={SECTION_HEADING}>
            Technology Stack
          </h2>
          <p className="text-muted-foreground mt-2 max-w-2xl">
            Kiln is built on proven, widely used technology, chosen so it stays fast and dependable
            as it grows.
          </p>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {STACK.map((item) => (
              <ItemCard key={item.title} item={item} />
            ))}
          </div>
        </section>

        <section
          aria-labelledby="community-heading"
          className="bg-card rounded-2xl border p-8 text-center sm:p-12"
        >
          <h2 id="community-heading" className={SECTION_HEADING}>
            Join Our Community
          </h2>
          <p className="text-muted-foreground mx-auto mt-3 max-w-xl">
            Thousands of developers already build with Kiln. Create a free account and start your
            first project today.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link href="/register">Get Started Free</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/pricing">View Pricing</Link>
            </Button>
          </div>
        </section>
      </div>
    </MarketingPage>
  );
}
