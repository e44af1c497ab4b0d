import {
  Briefcase,
  Building,
  Check,
  GraduationCap,
  Lightbulb,
  Presentation,
  Rocket,
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

interface UseCase {
  icon: LucideIcon;
  title: string;
  audience: string;
  description: string;
  benefits: string[];
}

const USE_CASES: UseCase[] = [
  {
    icon: GraduationCap,
    title: 'Learning to code',
    audience: 'Self-taught developers, bootcamp students and career changers.',
    description:
      'Skip the hours of installing tools and go straight to writing code. When you get stuck, ask the AI assistant to explain an error or walk you through a file line by line.',
    benefits: [
      'Nothing to install: a browser is enough',
      'An AI tutor that explains as well as writes',
      'Templates for the frameworks employers ask for',
    ],
  },
  {
    icon: Lightbulb,
    title: 'Rapid prototyping',
    audience: 'Designers, product managers and developers testing an idea.',
    description:
      'Describe the idea, attach a sketch or a screenshot, and let the AI build a first version you can click through. Check it at phone, tablet and desktop sizes before you commit to it.',
    benefits: [
      'From a description or an image to working code',
      'Live preview at three device sizes',
      'Throw it away or keep going: it is just a project',
    ],
  },
  {
    icon: Rocket,
    title: 'Startups and MVPs',
    audience: 'Founders and small teams who need to ship something real, quickly.',
    description:
      'Build your minimum viable product on a full-stack template, keep it in your own GitHub repository, and deploy it when you are ready for your first users.',
    benefits: [
      'Full-stack templates with a frontend and an API',
      'Your code in your GitHub repository, not locked in',
      'One-click deployment to Vercel, Netlify or Railway',
    ],
  },
  {
    icon: Presentation,
    title: 'Teaching and classrooms',
    audience: 'Teachers, lecturers and coding clubs with students aged 13 and over.',
    description:
      'Give every student the same working set-up in minutes, on any computer with a browser. Start a lesson from a template so the whole class begins in the same place.',
    benefits: [
      'Identical environments on school and home computers',
      'Run JavaScript and Python without local installs',
      'Live collaboration for pair work and code reviews',
    ],
  },
  {
    icon: Briefcase,
    title: 'Technical interviews',
    audience: 'Hiring managers and engineers who interview developers.',
    description:
      'Work through a problem in the same project as the candidate and see which file they have open as they go. Their code runs in a sandbox, so you can watch it work rather than take it on trust.',
    benefits: [
      'A real editor instead of a whiteboard',
      'Presence that shows who is in which file',
      'Code runs in isolation, away from your systems',
    ],
  },
  {
    icon: Building,
    title: 'Enterprise internal tools',
    audience: 'Engineering and operations teams building tools for their own organisation.',
    description:
      'Build dashboards, admin panels and automations without setting up new infrastructure for each one, and with the controls your security team expects.',
    benefits: [
      'Sign-in through SSO & SAML, plus audit logs',
      'Secrets encrypted at rest, never sent to the AI',
      'Dedicated support with a service-level agreement',
    ],
  },
];

export default function UseCasesPage() {
  return (
    <MarketingPage
      eyebrow="Use cases"
      title="One workspace, many ways to build"
      subtitle="Whether you are writing your first line of code or running an engineering team, Kiln gives you a complete development environment in the browser."
    >
      <section aria-labelledby="use-cases-heading">
        <h2 id="use-cases-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Who builds with Kiln
        </h2>
        <p className="text-muted-foreground mt-2 max-w-2xl">
          Six kinds of people, one shared need: less time on set-up, more time on the work.
        </p>
        <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {USE_CASES.map((useCase) => (
            <Card key={useCase.title} data-testid="use-case-card" className="flex flex-col">
              <CardHeader>
                <span className="bg-primary/10 text-primary mb-2 flex size-10 items-center justify-center rounded-lg">
                  <useCase.icon className="size-5" aria-hidden />
                </span>
                <CardTitle>{useCase.title}</CardTitle>
                <p className="text-sm">
                  <span className="font-medium">For: </span>
                  {useCase.audience}
                </p>
                <CardDescription className="text-pretty">{useCase.description}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <ul
                  className="grid gap-2 text-sm"
                  aria-label={`What Kiln gives you for ${useCase.title.toLowerCase()}`}
                >
                  {useCase.benefits.map((benefit) => (
                    <li key={benefit} className="flex items-start gap-2">
                      <Check className="text-primary mt-0.5 size-4 shrink-0" aria-hidden />
                      <span>{benefit}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>
      <GetStartedBanner
        title="Find out what you can build"
        text="Start free with three projects. Upgrade when you need more room, more power or more control."
      />
    </MarketingPage>
  );
}
