import { Headset, Mail, MessagesSquare, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { FaqList } from './faq-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { MarketingPage } from './marketing-layout';

const SUPPORT_EMAIL = 'support@kiln.dev';

interface Channel {
  icon: LucideIcon;
  title: string;
  availability: string;
  description: string;
  response: string;
  /** `mailto:` links leave the app, so they render as a plain anchor rather than a router link. */
  action?: { href: string; label: string };
}

/** Support tiers: email for all, chat for paid plans, SLA for Enterprise. */
const CHANNELS: Channel[] = [
  {
    icon: Mail,
    title: 'Email support',
    availability: 'All plans',
    description:
      'Write to us about anything: an account question, a billing query or a bug you have found. Pro and Enterprise messages are answered first.',
    response: 'Replies within 24 hours',
    action: { href: `mailto:${SUPPORT_EMAIL}`, label: `Email ${SUPPORT_EMAIL}` },
  },
  {
    icon: MessagesSquare,
    title: 'Live chat',
    availability: 'Pro and Enterprise',
    description:
      'Talk to the Kiln team in real time when you are stuck in the middle of something and an email thread would be too slow.',
    response: 'Real-time conversation',
    action: { href: '/pricing', label: 'Compare plans' },
  },
  {
    icon: Users,
    title: 'Community forum',
    availability: 'Free for everyone',
    description:
      'Ask how-to questions, share what you have built and swap tips with other developers building with Kiln.',
    response: 'Answers from fellow developers',
  },
  {
    icon: Headset,
    title: 'Dedicated support',
    availability: 'Enterprise',
    description:
      'A dedicated support team that knows your organisation, with response times backed by a service-level agreement.',
    response: 'Response times guaranteed by an SLA',
    action: { href: '/pricing', label: 'See the Enterprise plan' },
  },
];

const FAQS = [
  {
    question: 'I forgot my password. How do I reset it?',
    answer:
      'On the sign-in page, choose Forgot password? and enter the email address you signed up with. We will email you a link to choose a new password.',
  },
  {
    question: 'How do I run my code?',
    answer:
      'Open the file and press Run in the editor header, or press Ctrl + Enter (Cmd + Enter on a Mac). JavaScript and Python run in an isolated sandbox, and the output appears in the terminal beside the editor.',
  },
  {
    question: 'How do I connect a project to GitHub?',
    answer:
      'Open the project and choose the GitHub button in the editor header. You can import an existing repository or link the project to one. Once it is linked, you can push, pull, switch branches and see the sync history.',
  },
  {
    question: 'Where should I keep API keys and passwords?',
    answer:
      'In the project’s environment variables, never in your code. Values are encrypted at rest, masked on screen and never sent to the AI assistant, and your code can still read them when it runs.',
  },
  {
    question: 'How do I upgrade, downgrade or cancel my plan?',
    answer:
      'Use Upgrade or Manage Billing on your dashboard. Plan changes apply immediately and are prorated for the rest of the billing period. A cancellation takes effect at the end of the current billing period, and you keep your paid features until then.',
  },
  {
    question: 'What happens to my projects if I close my account?',
    answer:
      'You can push any project to GitHub at any time, and you can export your data for 30 days after your account ends. When an account is deleted, its data is removed or anonymised within 30 days.',
  },
];

function ChannelAction({ action }: { action: NonNullable<Channel['action']> }) {
  const external = action.href.startsWith('mailto:');
  return (
    <Button asChild variant="outline" className="w-full">
      {external ? (
        <a href={action.href}>{action.label}</a>
      ) : (
        <Link href={action.href}>{action.label}</Link>
      )}
    </Button>
  );
}

export default function SupportPage() {
  return (
    <MarketingPage
      eyebrow="Support"
      title="How can we help?"
      subtitle="Real people, ready to help you get unstuck. Choose the channel that suits you, or find a quick answer below."
    >
      <div className="space-y-20 sm:space-y-24">
        <section aria-labelledby="channels-heading">
          <h2 id="channels-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Get in touch
          </h2>
          <p className="text-muted-foreground mt-2 max-w-2xl">
            Every plan includes email support. Paid plans add faster ways to reach us.
          </p>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {CHANNELS.map((channel) => (
              <Card key={channel.title} data-testid="support-channel" className="flex flex-col">
                <CardHeader>
                  <div className="mb-2 flex items-center justify-between gap-2">
                    <span className="bg-primary/10 text-primary flex size-10 items-center justify-center rounded-lg">
                      <channel.icon className="size-5" aria-hidden />
                    </span>
                    <Badge variant="secondary">{channel.availability}</Badge>
                  </div>
                  <CardTitle>{channel.title}</CardTitle>
                  <CardDescription className="text-pretty">{channel.description}</CardDescription>
                </CardHeader>
                <CardContent className="mt-auto">
                  <p className="text-sm font-medium">{channel.response}</p>
                </CardContent>
                {channel.action && (
                  <CardFooter>
                    <ChannelAction action={channel.action} />
                  </CardFooter>
                )}
              </Card>
            ))}
          </div>
        </section>

        <section aria-labelledby="support-faq-heading" className="mx-auto max-w-3xl">
          <h2 id="support-faq-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Frequently asked questions
          </h2>
          <FaqList faqs={FAQS} testId="support-faq" />
          <p className="text-muted-foreground mt-6 text-center text-sm">
            Didn’t find your answer? Email{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="text-primary font-medium underline underline-offset-2 hover:decoration-2"
            >
              {SUPPORT_EMAIL}
            </a>{' '}
            and we will reply within 24 hours.
          </p>
        </section>
      </div>
    </MarketingPage>
  );
}
