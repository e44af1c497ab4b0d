import { Badge } from '../../components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { GetStartedBanner, MarketingPage } from './marketing-layout';

type TemplateLanguage = 'javascript' | 'typescript' | 'python' | 'ruby' | 'go';

interface Template {
  name: string;
  language: TemplateLanguage;
  description: string;
  comingSoon?: boolean;
}

interface TemplateCategory {
  id: string;
  title: string;
  intro: string;
  templates: Template[];
}

/** The 13 templates of Kiln's catalogue, plus one that is announced but not yet available. */
const CATEGORIES: TemplateCategory[] = [
  {
    id: 'frontend',
    title: 'Frontend',
    intro: 'Websites and single-page apps that run in the browser.',
    templates: [
      {
        name: 'Blank Project',
        language: 'javascript',
        description: 'An empty project, for when you would rather start from nothing.',
      },
      {
        name: 'HTML/CSS Website',
        language: 'javascript',
        description: 'A static website in plain HTML and CSS, with nothing to build or install.',
      },
      {
        name: 'React + Vite',
        language: 'javascript',
        description: 'A React app on Vite’s fast dev server, ready for your components.',
      },
      {
        name: 'React with Router',
        language: 'javascript',
        description: 'A React app with client-side routing, for apps with several pages.',
      },
      {
        name: 'Vue 3 Application',
        language: 'javascript',
        description: 'A Vue 3 app built from single-file components, ready to grow.',
      },
      {
        name: 'Angular Application',
        language: 'typescript',
        description: 'An Angular app in TypeScript, structured the Angular way.',
      },
      {
        name: 'Svelte Application',
        language: 'javascript',
        description: 'A Svelte app: reactive components with very little boilerplate.',
      },
    ],
  },
  {
    id: 'backend',
    title: 'Backend',
    intro: 'Web servers and APIs, ready for your routes and data.',
    templates: [
      {
        name: 'Node.js + Express',
        language: 'javascript',
        description: 'A Node.js web server on Express, ready for your routes and API.',
      },
      {
        name: 'Python + Flask',
        language: 'python',
        description: 'A lightweight Python web server on Flask, easy to read and extend.',
      },
      {
        name: 'Go Web Server',
        language: 'go',
        description: 'A web server on Go’s standard library: fast, typed and lean.',
      },
    ],
  },
  {
    id: 'full-stack',
    title: 'Full-Stack',
    intro: 'A frontend and a backend in one project, for complete applications.',
    templates: [
      {
        name: 'Full-Stack (React + Express)',
        language: 'javascript',
        description: 'A React frontend and an Express backend together in one project.',
      },
      {
        name: 'Django Web App',
        language: 'python',
        description: 'A Python web app on Django, the framework with batteries included.',
      },
      {
        name: 'Ruby on Rails',
        language: 'ruby',
        description: 'A Ruby web app on Rails, built on convention over configuration.',
      },
      {
        name: 'Next.js App',
        language: 'typescript',
        description:
          'A React app on Next.js with server rendering. We are still building this one.',
        comingSoon: true,
      },
    ],
  },
];

/** As on the dashboard: languages without a colour of their own are neutral. */
const LANGUAGE_BADGE: Record<TemplateLanguage, string> = {
  javascript: 'border-yellow-500/30 bg-yellow-500/15 text-yellow-700 dark:text-yellow-300',
  typescript: 'border-blue-500/30 bg-blue-500/15 text-blue-700 dark:text-blue-300',
  python: 'border-green-500/30 bg-green-500/15 text-green-700 dark:text-green-300',
  ruby: 'border-transparent bg-muted text-muted-foreground',
  go: 'border-transparent bg-muted text-muted-foreground',
};

export default function TemplatesPage() {
  return (
    <MarketingPage
      eyebrow="Templates"
      title="Start from 13+ templates"
      subtitle="Pick a starter for the framework you know, or the one you want to learn. Each template is a complete starter project, so you skip the set-up and get straight to the interesting part."
    >
      <div className="space-y-20 sm:space-y-24">
        {CATEGORIES.map((category) => (
          <section key={category.id} aria-labelledby={`${category.id}-heading`}>
            <h2
              id={`${category.id}-heading`}
              className="text-2xl font-bold tracking-tight sm:text-3xl"
            >
              {category.title}
            </h2>
            <p className="text-muted-foreground mt-2 max-w-2xl">{category.intro}</p>
            <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {category.templates.map((template) => (
                <Card
                  key={template.name}
                  data-testid="template-card"
                  className={cn(template.comingSoon && 'border-dashed shadow-none')}
                >
                  <CardHeader>
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge className={LANGUAGE_BADGE[template.language]}>
                        {template.language}
                      </Badge>
                      {template.comingSoon && <Badge variant="secondary">Coming soon</Badge>}
                    </div>
                    <CardTitle className="mt-2">{template.name}</CardTitle>
                    <CardDescription>{template.description}</CardDescription>
                  </CardHeader>
                </Card>
              ))}
            </div>
          </section>
        ))}
      </div>
      <GetStartedBanner
        title="Pick a template and start building"
        text="Create a free account and choose any template from your dashboard. Prefer to start from a description? The AI will plan the project with you."
      />
    </MarketingPage>
  );
}
