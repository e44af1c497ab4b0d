import { PLANS, SUBSCRIPTION_PLANS, type SubscriptionPlan } from '@kiln/shared';
import { Check, Minus } from 'lucide-react';
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
import { cn } from '../../lib/cn';
import { formatGbp } from '../../lib/money';
import { useAuth } from '../../lib/session';
import { MarketingPage } from './marketing-layout';

const POPULAR_PLAN: SubscriptionPlan = 'pro';

/** What each tier includes. `true` means included, `false` not. */
const COMPARISON: { label: string; values: Record<SubscriptionPlan, string | boolean> }[] = [
  { label: 'Projects', values: { free: '3', pro: 'Unlimited', enterprise: 'Unlimited' } },
  { label: 'Storage', values: { free: '5GB', pro: '50GB', enterprise: 'Unlimited' } },
  {
    label: 'AI assistant',
    values: { free: 'Standard', pro: 'Advanced', enterprise: 'Advanced, with custom models' },
  },
  { label: 'Private projects', values: { free: false, pro: true, enterprise: true } },
  { label: 'GitHub auto-sync', values: { free: false, pro: true, enterprise: true } },
  { label: 'SSO & SAML', values: { free: false, pro: false, enterprise: true } },
  { label: 'Audit logs', values: { free: false, pro: false, enterprise: true } },
  {
    label: 'Support',
    values: {
      free: 'Community forum and email',
      pro: 'Priority email and live chat',
      enterprise: 'Dedicated, with an SLA',
    },
  },
];

const FAQS = [
  {
    question: 'How does the 14-day free trial work?',
    answer:
      'Pro and Enterprise both start with a 14-day free trial, so you can try every feature of the plan on your real projects. If you cancel before the trial ends, you are not charged. Otherwise your subscription continues and is billed monthly in advance.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Cancel from your account settings whenever you like. Cancellation takes effect at the end of your current billing period, and you keep your paid features until then.',
  },
  {
    question: 'What happens if I change plans?',
    answer:
      'Upgrades and downgrades apply immediately. The price is prorated, so you only pay the difference for the rest of the current billing period.',
  },
  {
    question: 'Do you offer refunds?',
    answer:
      'Fees are non-refundable except where the law requires a refund. When you cancel, your plan stays active until the end of the period you have already paid for, so you still get what you paid for.',
  },
  {
    question: 'Can I take my projects with me if I leave?',
    answer:
      'Always. You can push any project to GitHub at any time, and you can export your data for 30 days after your account ends. When you delete your account, your data is removed or anonymised within 30 days.',
  },
  {
    question: 'Do I need a card to use the Free plan?',
    answer:
      'No. The Free plan only needs an email address. You add a payment card when you start a Pro or Enterprise subscription.',
  },
  {
    question: 'Which currency do you charge in?',
    answer:
      'All prices are in pounds sterling (GBP) and payments are taken by card through our secure payment provider, so Kiln never sees your full card number. If our prices ever change, we give you 30 days’ notice first.',
  },
];

function PlanAction({ plan }: { plan: SubscriptionPlan }) {
  const { isAuthenticated } = useAuth();
  if (plan === 'free') {
    return (
      <Button asChild variant="outline" className="w-full">
        <Link href={isAuthenticated ? '/dashboard' : '/register'}>
          {isAuthenticated ? 'Go to Dashboard' : 'Get Started Free'}
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild variant={plan === POPULAR_PLAN ? 'default' : 'outline'} className="w-full">
      <Link href={`/subscribe?plan=${plan}`}>Start {PLANS[plan].name} Trial</Link>
    </Button>
  );
}

function ComparisonCell({ value }: { value: string | boolean }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <>
      <Check className="text-primary mx-auto size-4" aria-hidden />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <Minus className="text-muted-foreground mx-auto size-4" aria-hidden />
      <span className="sr-only">Not included</span>
    </>
  );
}

export default function PricingPage() {
  return (
    <MarketingPage
      eyebrow="Pricing"
      title="Simple pricing that grows with you"
      subtitle={
        <>
          Start free and upgrade when your projects outgrow it. Paid plans include a{' '}
          <span className="whitespace-nowrap">14-day</span> free trial, are billed monthly in
          advance, and can be cancelled at any time.
        </>
      }
    >
      <div className="space-y-20 sm:space-y-24">
        <section aria-labelledby="plans-heading">
          <h2 id="plans-heading" className="sr-only">
            Plans
          </h2>
          <div className="grid gap-6 md:grid-cols-3 md:items-start">
            {SUBSCRIPTION_PLANS.map((id) => {
              const plan = PLANS[id];
              const popular = id === POPULAR_PLAN;
              return (
                <Card
                  key={id}
                  data-testid="plan-card"
                  className={cn(
                    'flex h-full flex-col',
                    popular && 'border-primary ring-primary ring-1',
                  )}
                >
                  <CardHeader>
                    <div className="flex items-center justify-between gap-2">
                      <CardTitle className="text-xl">{plan.name}</CardTitle>
                      {popular && <Badge>Most popular</Badge>}
                    </div>
                    <CardDescription>{plan.tagline}</CardDescription>
                    <p className="mt-4 flex items-baseline gap-1">
                      <span className="text-4xl font-bold tracking-tight">
                        {formatGbp(plan.priceGbp)}
                      </span>
                      <span className="text-muted-foreground text-sm">per month</span>
                    </p>
                    <p className="text-muted-foreground text-xs">
                      {id === 'free' ? 'No card needed' : '14-day free trial, then billed monthly'}
                    </p>
                  </CardHeader>
                  <CardContent className="flex-1">
                    <ul className="grid gap-2.5 text-sm" aria-label={`${plan.name} plan includes`}>
                      {plan.features.map((feature) => (
                        <li key={feature} className="flex items-start gap-2">
                          <Check className="text-primary mt-0.5 size-4 shrink-0" aria-hidden />
                          <span>{feature}</span>
                        </li>
                      ))}
                    </ul>
                  </CardContent>
                  <CardFooter>
                    <PlanAction plan={id} />
                  </CardFooter>
                </Card>
              );
            })}
          </div>
          <p className="text-muted-foreground mt-6 text-center text-sm">
            Prices in GBP. Paid plans are billed monthly in advance; cancel at any time and keep
            access until the end of your billing period.
          </p>
        </section>

        <section aria-labelledby="compare-heading">
          <h2 id="compare-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Compare plans
          </h2>
          <p className="text-muted-foreground mt-2 max-w-2xl">
            Every plan includes the editor, live preview, code execution and templates. Here is what
            changes as you move up.
          </p>
          {/* `relative` keeps the sr-only cell labels inside the scroller; otherwise they widen the page on phones. */}
          <div
            className="bg-card relative mt-8 overflow-x-auto rounded-xl border"
            role="region"
            aria-labelledby="compare-heading"
            tabIndex={0}
          >
            <table className="w-full min-w-[34rem] text-left text-sm">
              <thead className="border-b">
                <tr>
                  <th scope="col" className="bg-card sticky left-0 p-3 font-medium sm:p-4">
                    <span className="sr-only">Feature</span>
                  </th>
                  {SUBSCRIPTION_PLANS.map((id) => (
                    <th key={id} scope="col" className="p-3 text-center font-semibold sm:p-4">
                      {PLANS[id].name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {COMPARISON.map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className="bg-card sticky left-0 p-3 font-medium sm:p-4">
                      {row.label}
                    </th>
                    {SUBSCRIPTION_PLANS.map((id) => (
                      <td key={id} className="text-muted-foreground p-3 text-center sm:p-4">
                        <ComparisonCell value={row.values[id]} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl">
          <h2 id="faq-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Frequently asked questions
          </h2>
          <FaqList faqs={FAQS} testId="pricing-faq" />
          <p className="text-muted-foreground mt-6 text-center text-sm">
            Still have a question?{' '}
            <Link
              href="/support"
              className="text-primary font-medium underline underline-offset-2 hover:decoration-2"
            >
              Visit our support page
            </Link>
            .
          </p>
        </section>
      </div>
    </MarketingPage>
  );
}
