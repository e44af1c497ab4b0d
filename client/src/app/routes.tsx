import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
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

function PublicRoute(path: string, Component: LazyExoticComponent<ComponentType>) {
  return <Route key={path} path={path} component={Component} />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/">
          <RedirectIfAuthenticated>
            <LandingPage />
          </RedirectIfAuthenticated>
        </Route>
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
        {PublicRoute('/login', LoginPage)}
        {PublicRoute('/register', RegisterPage)}
        {PublicRoute('/verify-email', VerifyEmailPage)}
        {PublicRoute('/reset-password', ResetPasswordPage)}
        {PublicRoute('/pricing', PricingPage)}
        <Route path="/subscribe" component={SubscribePage} />
        {PublicRoute('/features', FeaturesPage)}
        {PublicRoute('/templates', TemplatesPage)}
        {PublicRoute('/use-cases', UseCasesPage)}
        {PublicRoute('/resources', ResourcesPage)}
        {PublicRoute('/support', SupportPage)}
        {PublicRoute('/about', AboutPage)}
        {PublicRoute('/privacy-policy', PrivacyPolicyPage)}
        {PublicRoute('/terms-of-service', TermsOfServicePage)}
        {PublicRoute('/cookies-policy', CookiesPolicyPage)}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/** Shown for the instant a page's chunk loads; it keeps the page background so nothing flashes. */
function PageFallback() {
  return <div className="min-h-dvh" aria-busy="true" />;
}
