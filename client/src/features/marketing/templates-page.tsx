import { TEMPLATE_CATALOG, type TemplateId } from '@kiln/shared';
import { ArrowRight, LoaderCircle } from 'lucide-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useEffectEvent, useState, type ComponentType } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useAuth } from '../../lib/session';
import { GetStartedBanner, MarketingPage } from './marketing-layout';

type TemplateLanguage = (typeof TEMPLATE_CATALOG)[number]['language'];

/** A template of the catalogue, described for visitors; its name and language are the catalogue's. */
interface CatalogueTemplate {
  id: TemplateId;
  description: string;
  comingSoon?: false;
}

/** Announced but not yet available: there is nothing to create from. */
interface ComingSoonTemplate {
  id?: undefined;
  name: string;
  language: TemplateLanguage;
  description: string;
  comingSoon: true;
}

type Template = CatalogueTemplate | ComingSoonTemplate;

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
        id: 'blank',
        description: 'An empty project, for when you would rather start from nothing.',
      },
      {
        id: 'html-css',
        description: 'A static website in plain HTML and CSS, with nothing to build or install.',
      },
      {
        id: 'react-vite',
        description: 'A React app on Vite’s fast dev server, ready for your components.',
      },
      {
        id: 'react-router',
        description: 'A React app with client-side routing, for apps with several pages.',
      },
      {
        id: 'vue-app',
        description: 'A Vue 3 app built from single-file components, ready to grow.',
      },
      {
        id: 'angular-app',
        description: 'An Angular app in TypeScript, structured the Angular way.',
      },
      {
        id: 'svelte-app',
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
        id: 'nodejs-express',
        description: 'A Node.js web server on Express, ready for your routes and API.',
      },
      {
        id: 'python-flask',
        description: 'A lightweight Python web server on Flask, easy to read and extend.',
      },
      {
        id: 'go-app',
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
        id: 'fullstack-react-express',
        description: 'A React frontend and an Express backend together in one project.',
      },
      {
        id: 'django-app',
        description: 'A Python web app on Django, the framework with batteries included.',
      },
      {
        id: 'ruby-rails',
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
  javascript: 'border-yellow-500/30 bg-yellow-500/15 text-yellow-800 dark:text-yellow-300',
  typescript: 'border-blue-500/30 bg-blue-500/15 text-blue-700 dark:text-blue-300',
  python: 'border-green-500/30 bg-green-500/15 text-green-800 dark:text-green-300',
  ruby: 'border-transparent bg-muted text-muted-foreground',
  go: 'border-transparent bg-muted text-muted-foreground',
};

/**
 * Creating from a template, the projects feature's (app/pages/templates.tsx hands it in). It is
 * loaded when a visitor uses a template: most visitors only read this page, and the projects
 * feature carries the create dialog with it.
 */
export interface TemplateStarter {
  startFromTemplate: (options: {
    templateId: TemplateId;
    queryClient: QueryClient;
    navigate: (to: string) => void;
  }) => Promise<boolean>;
  rememberTemplateChoice: (templateId: TemplateId) => void;
  takeTemplateChoice: () => TemplateId | null;
}

/** Asks a signed-out visitor to sign in or register before using the template. */
export type SignInToUseDialogType = ComponentType<{
  templateId: TemplateId | null;
  onClose: () => void;
}>;

/** A card's name and language: the catalogue's for a real template, so the two never differ. */
function shown(template: Template): {
  id: TemplateId | undefined;
  name: string;
  language: TemplateLanguage;
  description: string;
  comingSoon: boolean;
} {
  if (template.comingSoon) return { ...template, id: undefined };
  const entry = TEMPLATE_CATALOG.find((item) => item.id === template.id);
  return {
    id: template.id,
    name: entry?.name ?? template.id,
    language: entry?.language ?? 'javascript',
    description: template.description,
    comingSoon: false,
  };
}

/**
 * The public template list. "Use this template" creates a project from it and opens the editor
 * for someone signed in; someone signed out is asked to sign in or register first, and the
 * choice carries over (useContinueTemplateChoice).
 */
export default function TemplatesPage({
  loadStarter,
  SignInToUseDialog,
}: {
  loadStarter: () => Promise<TemplateStarter>;
  /** Lazy, loaded with the starter. */
  SignInToUseDialog: SignInToUseDialogType;
}) {
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const [pendingId, setPendingId] = useState<TemplateId | null>(null);
  const [signInFor, setSignInFor] = useState<TemplateId | null>(null);

  const start = async (templateId: TemplateId) => {
    setPendingId(templateId);
    const created = await loadStarter()
      .then(({ startFromTemplate }) => startFromTemplate({ templateId, queryClient, navigate }))
      .catch(() => false);
    if (!created) setPendingId(null);
  };

  const use = (templateId: TemplateId) => {
    if (pendingId) return;
    if (user) {
      void start(templateId);
      return;
    }
    void loadStarter().then(({ rememberTemplateChoice }) => {
      rememberTemplateChoice(templateId);
      setSignInFor(templateId);
    });
  };

  // Back from signing in (the sign-in link asks for ?continue): carry on with the template
  // picked before. The choice itself is only ever stored by a click here, never by a link.
  const signedIn = user !== null;
  const continuing = params.has('continue');
  const carryOn = useEffectEvent(() => {
    void loadStarter().then(({ takeTemplateChoice }) => {
      const templateId = takeTemplateChoice();
      if (templateId) void start(templateId);
    });
  });
  useEffect(() => {
    if (signedIn && continuing) carryOn();
  }, [signedIn, continuing]);

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
              {category.templates.map(shown).map((template) => (
                <Card
                  key={template.name}
                  data-testid="template-card"
                  className={cn(
                    'flex flex-col',
                    template.comingSoon && 'border-dashed shadow-none',
                  )}
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
                  {template.id && (
                    <CardFooter className="mt-auto">
                      <UseTemplateButton
                        name={template.name}
                        pending={pendingId === template.id}
                        disabled={isLoading || pendingId !== null}
                        onClick={() => template.id && use(template.id)}
                      />
                    </CardFooter>
                  )}
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
      {signInFor && (
        <Suspense>
          <SignInToUseDialog templateId={signInFor} onClose={() => setSignInFor(null)} />
        </Suspense>
      )}
    </MarketingPage>
  );
}

function UseTemplateButton({
  name,
  pending,
  disabled,
  onClick,
}: {
  name: string;
  pending: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={disabled}
      onClick={onClick}
      // The visible words first, then which template: every card has the same button text.
      aria-label={`${pending ? 'Creating' : 'Use this template'}: ${name}`}
    >
      {pending ? 'Creating...' : 'Use this template'}
      {pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <ArrowRight aria-hidden />}
    </Button>
  );
}
