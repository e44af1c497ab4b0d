import {
  CSRF_COOKIE,
  CSRF_PRESESSION_COOKIE,
  HTTPS_COOKIE_PREFIX,
  LEGAL_LAST_UPDATED,
  SESSION_COOKIE,
  THEME_STORAGE_KEY,
} from '@kiln/shared';
import { Link } from 'wouter';
import {
  CONTACT_EMAILS,
  Email,
  IcoLink,
  LEGAL_ENTITY,
  LegalPage,
  type LegalSection,
} from './legal-page';

interface CookieGroup {
  category: string;
  cookies: readonly { name: string; purpose: string; duration: string }[];
}

/** The cookies the policy documents, grouped as in its sections 3 to 6. */
const COOKIE_GROUPS: readonly CookieGroup[] = [
  {
    category: 'Essential',
    cookies: [
      {
        name: SESSION_COOKIE,
        purpose:
          'Keeps you signed in as you move between pages by identifying your sign-in session. It cannot be read by scripts on the page.',
        duration:
          'Session: ends when you sign out or your sign-in expires (at most 30 days after you sign in)',
      },
      {
        name: CSRF_COOKIE,
        purpose:
          'Protects your account against cross-site request forgery by checking that requests to change your data come from Kiln itself.',
        duration: 'Session',
      },
      {
        name: CSRF_PRESESSION_COOKIE,
        purpose:
          'While you are signed out, ties that protection to your browser, so the sign-in and registration forms cannot be submitted from elsewhere. It cannot be read by scripts on the page.',
        duration: 'Session',
      },
      {
        name: 'connect.sid',
        purpose:
          'Links the requests your browser makes during a visit to the same server session, for example while you sign in or subscribe.',
        duration: 'Session',
      },
    ],
  },
  {
    category: 'Preference',
    cookies: [
      {
        name: 'theme_preference',
        purpose: 'Remembers whether you chose the light or dark theme.',
        duration: '1 year',
      },
      {
        name: 'editor_settings',
        purpose: 'Remembers your code editor preferences, such as font size and tab width.',
        duration: '1 year',
      },
      {
        name: 'layout_config',
        purpose: 'Remembers how you arranged the workspace, such as panel sizes and open panels.',
        duration: '1 year',
      },
    ],
  },
  {
    category: 'Analytics',
    cookies: [
      {
        name: '_analytics_session',
        purpose:
          'Groups the pages you view during one visit so that we can understand how the Service is used.',
        duration: '30 days',
      },
      {
        name: 'page_views',
        purpose: 'Counts the pages viewed so that we can see which pages and features are used.',
        duration: '30 days',
      },
    ],
  },
  {
    category: 'Performance and error',
    cookies: [
      {
        name: 'performance_metrics',
        purpose:
          'Measures how quickly pages and the editor load and respond during your visit, so that we can find and fix slow areas.',
        duration: 'Session',
      },
      {
        name: 'error_tracking',
        purpose:
          'Links error reports from your browser so that we can diagnose and fix faults that affect you.',
        duration: '7 days',
      },
    ],
  },
];

/**
 * Three columns from the sm breakpoint up. On phones the Duration column is hidden and each
 * duration is shown under its purpose instead, so the table fits 375 px without scrolling.
 */
function CookieTable() {
  return (
    <div className="bg-card overflow-x-auto rounded-xl border">
      <table className="w-full border-collapse text-left text-sm leading-6">
        <caption className="text-muted-foreground border-b px-3 py-3 text-left text-sm sm:px-4">
          Cookies set by Kiln, with what each one does and how long it lasts
        </caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
              Cookie
            </th>
            <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
              Purpose
            </th>
            <th scope="col" className="hidden px-3 py-3 font-semibold sm:table-cell sm:px-4">
              Duration
            </th>
          </tr>
        </thead>
        {COOKIE_GROUPS.map((group) => (
          <tbody key={group.category}>
            <tr className="bg-muted/60 border-b">
              <th
                scope="rowgroup"
                colSpan={3}
                className="px-3 py-2 text-xs font-semibold tracking-wide uppercase sm:px-4"
              >
                {group.category} cookies
              </th>
            </tr>
            {group.cookies.map((cookie) => (
              <tr key={cookie.name} className="border-b align-top">
                <th
                  scope="row"
                  className="px-3 py-3 font-mono text-xs font-medium whitespace-nowrap sm:px-4 sm:text-[0.8125rem]"
                >
                  {cookie.name}
                </th>
                <td className="px-3 py-3 sm:px-4">
                  {cookie.purpose}
                  <span className="text-muted-foreground mt-1 block sm:hidden">
                    Duration: {cookie.duration}
                  </span>
                </td>
                <td className="hidden px-3 py-3 sm:table-cell sm:w-44 sm:px-4">
                  {cookie.duration}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'What Are Cookies',
    body: (
      <>
        <p>
          Cookies are small text files that a website stores in your browser when you visit it. They
          let the website recognise your browser on later requests, so that it can, for example,
          keep you signed in or remember your settings.
        </p>
        <p>
          Cookies set by the website you are visiting are called first-party cookies; cookies set by
          another organisation's service used on that website are called third-party cookies.
          Session cookies are deleted when you close your browser or your session ends, while
          persistent cookies stay in your browser until they expire or you delete them.
        </p>
        <p>
          Websites can also keep information in your browser using similar technologies, such as
          local storage. This policy covers those technologies too, and in it "cookies" includes
          them unless we say otherwise. Our use of cookies is governed by the Privacy and Electronic
          Communications Regulations 2003 and, where cookies involve personal data, by UK GDPR.
        </p>
      </>
    ),
  },
  {
    title: 'How We Use Cookies',
    body: (
      <>
        <p>
          This Cookies Policy explains how {LEGAL_ENTITY}, a company registered in England and Wales
          ("Kiln", "we", "us" or "our"), uses cookies on the Kiln website and workspace. We use
          cookies to:
        </p>
        <ul>
          <li>keep you signed in and protect your account (essential cookies);</li>
          <li>remember your theme, editor and layout choices (preference cookies);</li>
          <li>understand how the Service is used (analytics cookies);</li>
          <li>
            monitor the speed of the Service and the errors that occur (performance and error
            cookies).
          </li>
        </ul>
        <p>
          We do not use advertising cookies, and we do not use cookies to track you across other
          websites. Information collected through cookies is handled as described in our{' '}
          <Link href="/privacy-policy">Privacy Policy</Link>. The table below lists the cookies that
          Kiln uses.
        </p>
        <CookieTable />
        <p>Third-party cookies set by Stripe on our checkout page are described in section 7.</p>
      </>
    ),
  },
  {
    title: 'Essential Cookies',
    body: (
      <>
        <p>
          Essential cookies are strictly necessary to provide the Service you have asked for, so the
          law does not require your consent for them. Without them you could not sign in, stay
          signed in or use your projects securely.
        </p>
        <ul>
          <li>
            <code>{SESSION_COOKIE}</code> keeps you signed in. It holds a random token whose hashed
            form identifies your sign-in session on our servers, and scripts on the page cannot read
            it. Your sign-in ends when you sign out, after a period of inactivity, or 30 days after
            you signed in, whichever comes first.
          </li>
          <li>
            <code>{CSRF_COOKIE}</code> protects you against cross-site request forgery, a type of
            attack in which another website tries to make changes to your account without your
            knowledge. Its value is tied to your sign-in session and changes when you sign in or
            out; while you are signed out, <code>{CSRF_PRESESSION_COOKIE}</code> ties it to your
            browser instead.
          </li>
          <li>
            When Kiln is served over https these cookies carry the prefix{' '}
            <code>{HTTPS_COOKIE_PREFIX}</code>, which tells your browser to accept them only from
            Kiln&apos;s own address over a secure connection.
          </li>
          <li>
            <code>connect.sid</code> links the requests made during your visit to the same server
            session.
          </li>
        </ul>
        <p>
          You can block these cookies in your browser settings, but if you do, you will not be able
          to sign in or use the workspace.
        </p>
      </>
    ),
  },
  {
    title: 'Preference Cookies',
    body: (
      <>
        <p>
          Preference cookies remember the choices you make, so that the Service looks and behaves
          the way you left it. They last for 1 year.
        </p>
        <ul>
          <li>
            <code>theme_preference</code> remembers whether you chose the light or dark theme.
          </li>
          <li>
            <code>editor_settings</code> remembers your code editor preferences.
          </li>
          <li>
            <code>layout_config</code> remembers how you arranged the panels of the workspace.
          </li>
        </ul>
        <p>
          Your theme choice is also kept in your browser's local storage under the key{' '}
          <code>{THEME_STORAGE_KEY}</code>, with the value <code>light</code> or <code>dark</code>.
          Kiln reads it before the page is displayed so that the page does not flash in the wrong
          theme. It stays in your browser until you clear your site data, is never sent to our
          servers, and if it is missing the dark theme is used. When you work in a shared project,
          the workspace also keeps a randomly generated collaboration identifier in your browser's
          storage, so that other collaborators see you consistently.
        </p>
        <p>
          If you block or delete preference cookies and local storage, the Service still works, but
          your choices will not be remembered between visits.
        </p>
      </>
    ),
  },
  {
    title: 'Analytics Cookies',
    body: (
      <>
        <p>
          Analytics cookies help us understand how people use Kiln, such as which pages are visited
          and which features are used most, so that we can improve the Service. They last for 30
          days.
        </p>
        <ul>
          <li>
            <code>_analytics_session</code> groups the pages you view during one visit.
          </li>
          <li>
            <code>page_views</code> counts the pages viewed.
          </li>
        </ul>
        <p>
          These are first-party cookies. We use the information they collect only in aggregate to
          improve Kiln; we do not use it for advertising, and we do not sell it or share it with
          advertisers. Analytics cookies are not strictly necessary: where the law requires your
          consent, we set them only once you have given it, and you can withdraw your consent at any
          time by deleting them and blocking them in your browser as described in section 8. The
          Service works fully without them.
        </p>
      </>
    ),
  },
  {
    title: 'Performance and Error Cookies',
    body: (
      <>
        <p>
          Performance and error cookies help us keep Kiln fast and reliable by showing us where it
          is slow and what goes wrong.
        </p>
        <ul>
          <li>
            <code>performance_metrics</code> measures how quickly pages and the editor load and
            respond during your visit. It is deleted when your browser session ends.
          </li>
          <li>
            <code>error_tracking</code> links error reports from your browser so that we can
            diagnose and fix faults. It lasts for 7 days.
          </li>
        </ul>
        <p>
          Error reports may include technical details such as your browser version, the page on
          which the error occurred and the error message. We use this information only to find and
          fix problems. Where the law requires your consent for these cookies, we set them only once
          you have given it.
        </p>
      </>
    ),
  },
  {
    title: 'Third-Party Cookies',
    body: (
      <>
        <p>
          Our payments are processed by Stripe. When you open the checkout page to subscribe to a
          paid plan, Stripe's secure payment form is loaded from Stripe, and Stripe sets its own
          cookies, such as <code>__stripe_mid</code> and <code>__stripe_sid</code>, to process your
          payment and to detect and prevent fraud. These cookies are necessary for secure payment
          and are controlled by Stripe, not by Kiln. You can find out more in Stripe's{' '}
          <a href="https://stripe.com/legal/cookies-policy">cookie policy</a> and{' '}
          <a href="https://stripe.com/privacy">privacy policy</a>.
        </p>
        <p>
          When you connect GitHub, or open a deployment platform such as Vercel, Netlify or Railway,
          you visit that provider's own website, which sets cookies under its own cookie policy.
        </p>
        <p>
          The live preview runs the code in your own project. Any cookies or local storage that your
          code sets in the preview are created by your project, not by Kiln, and are your
          responsibility.
        </p>
      </>
    ),
  },
  {
    title: 'Managing Cookies',
    body: (
      <>
        <p>
          Most browsers let you see which cookies are stored, delete some or all of them, and block
          cookies from particular websites or from all websites. These settings are usually found in
          your browser's privacy or security settings, and your browser's help pages explain how to
          use them. Clearing your browser's site data for Kiln also removes the theme choice and
          other information we keep in local storage.
        </p>
        <p>Please bear in mind that:</p>
        <ul>
          <li>
            if you block essential cookies, you will not be able to sign in or use the workspace;
          </li>
          <li>
            if you delete preference cookies or local storage, your theme, editor and layout choices
            will be reset, and the dark theme will be used until you choose again;
          </li>
          <li>blocking analytics, performance and error cookies does not affect how Kiln works;</li>
          <li>
            if you block Stripe's cookies, you may not be able to complete a payment on the checkout
            page.
          </li>
        </ul>
        <p>
          The UK Information Commissioner's Office explains cookies and how to control them at{' '}
          <IcoLink />.
        </p>
      </>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <>
        <p>
          We may update this Cookies Policy from time to time, for example when we add or remove a
          cookie or when the law changes. The date at the top of this page shows when it was last
          updated, and the table in section 2 lists the cookies that Kiln uses.
        </p>
        <p>
          If we make a material change, such as introducing a new category of cookie, we will tell
          you by a notice in the Service and, where the law requires it, ask for your consent before
          setting the new cookies.
        </p>
      </>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <>
        <p>
          If you have any questions about how we use cookies, please contact us at{' '}
          <Email address={CONTACT_EMAILS.privacy} />. For other legal matters, write to{' '}
          <Email address={CONTACT_EMAILS.legal} />, and for help with your account, contact{' '}
          <Email address={CONTACT_EMAILS.support} />.
        </p>
        <p>
          If you are unhappy with how we handle your personal data, you have the right to complain
          to the Information Commissioner's Office, the UK supervisory authority for data
          protection, at <IcoLink />.
        </p>
      </>
    ),
  },
];

export default function CookiesPolicyPage() {
  return (
    <LegalPage
      title="Cookies Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          Which cookies and similar technologies Kiln uses, why we use them and how you can control
          them, in line with UK GDPR and the Privacy and Electronic Communications Regulations.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
