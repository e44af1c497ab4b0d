import { PUBLIC_PAGE_NAMES, PUBLIC_PAGES, type PublicPageName } from '@kiln/shared';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { RedirectIfAuthenticated, RequireAuth } from '../components/auth-redirects';

/** Every page is its own chunk, so a first visit downloads only the page it lands on. */
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const LandingPage = page(() => import('./pages/landing'));
const LoginPage = page(() => import('../features/auth/login-page'));
const RegisterPage = page(() => import('../features/auth/register-page'));
const VerifyEmailPage = page(() => import('../features/auth/verify-email-page'));
const ResetPasswordPage = page(() => import('../features/auth/reset-password-page'));
const DashboardPage = page(() => import('./dashboard/dashboard-page'));
const WorkspacePage = page(() => import('./workspace/workspace-page'));
const AdminPage = page(() => import('../features/admin/admin-page'));
const GitHostsPage = page(() => import('../features/git-sync/git-hosts-page'));
const PricingPage = page(() => import('../features/marketing/pricing-page'));
const SubscribePage = page(() => import('./pages/subscribe'));
const FeaturesPage = page(() => import('../features/marketing/features-page'));
const TemplatesPage = page(() => import('./pages/templates'));
const UseCasesPage = page(() => import('../features/marketing/use-cases-page'));
const ResourcesPage = page(() => import('../features/marketing/resources-page'));
const SupportPage = page(() => import('../features/marketing/support-page'));
const AboutPage = page(() => import('../features/marketing/about-page'));
const PrivacyPolicyPage = page(() => import('../features/legal/privacy-policy-page'));
const TermsOfServicePage = page(() => import('../features/legal/terms-of-service-page'));
const CookiesPolicyPage = page(() => import('../features/legal/cookies-policy-page'));
const NotFoundPage = page(() => import('../components/not-found-page'));

/** The landing page is for visitors: someone signed in goes to their dashboard instead. */
function SignedOutLanding() {
  return (
    <RedirectIfAuthenticated>
      <LandingPage />
    </RedirectIfAuthenticated>
  );
}

/**
 * Each public page's component. The paths are @kiln/shared's PUBLIC_PAGES; typed by their names,
 * this map fails the typecheck when a page is listed there without a component here.
 */
const PUBLIC_PAGE_COMPONENTS: Record<PublicPageName, ComponentType> = {
  landing: SignedOutLanding,
  features: FeaturesPage,
  templates: TemplatesPage,
  useCases: UseCasesPage,
  pricing: PricingPage,
  resources: ResourcesPage,
  about: AboutPage,
  support: SupportPage,
  privacyPolicy: PrivacyPolicyPage,
  termsOfService: TermsOfServicePage,
  cookiesPolicy: CookiesPolicyPage,
  login: LoginPage,
  register: RegisterPage,
  verifyEmail: VerifyEmailPage,
  resetPassword: ResetPasswordPage,
};

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        {PUBLIC_PAGE_NAMES.map((name) => (
          <Route
            key={name}
            path={PUBLIC_PAGES[name].path}
            component={PUBLIC_PAGE_COMPONENTS[name]}
          />
        ))}
        <Route path="/dashboard">
          <RequireAuth to="/">
            <DashboardPage />
          </RequireAuth>
        </Route>
        <Route path="/editor/:id">
          <RequireAuth to="/">
            <WorkspacePage />
          </RequireAuth>
        </Route>
        <Route path="/settings/git-hosts">
          <RequireAuth to="/">
            <GitHostsPage />
          </RequireAuth>
        </Route>
        <Route path="/admin">
          <RequireAuth to="/dashboard" adminOnly>
            <AdminPage />
          </RequireAuth>
        </Route>
        <Route path="/subscribe" component={SubscribePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/** Shown for the instant a page's chunk loads; it keeps the page background so nothing flashes. */
function PageFallback() {
  return <div className="min-h-dvh" aria-busy="true" />;
}
