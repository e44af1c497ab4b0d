import { LEGAL_LAST_UPDATED } from '@kiln/shared';
import { Link } from 'wouter';
import {
  CONTACT_EMAILS,
  Email,
  IcoLink,
  LEGAL_ENTITY,
  LegalPage,
  type LegalSection,
} from './legal-page';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Introduction',
    body: (
      <>
        <p>
          Kiln is a browser-based, AI-assisted code workspace operated by {LEGAL_ENTITY}, a company
          registered in England and Wales ("Kiln", "we", "us" or "our"). This Privacy Policy
          explains what personal data we collect when you visit our website, create an account or
          use the Kiln workspace, including the code editor, in-browser code execution, live
          preview, the AI assistant and AI agents, GitHub synchronisation, deployment, environment
          variables, the SQL tools, live collaboration and our paid plans (together, the "Service").
          It also explains why we collect that data, how we protect it, who we share it with and the
          rights you have over it.
        </p>
        <p>
          We are the controller of the personal data described in this policy for the purposes of
          the UK General Data Protection Regulation ("UK GDPR") and the Data Protection Act 2018.
          Where the code, files or databases you keep in your projects contain personal data about
          other people, such as the customers of an application you are building, you are the
          controller of that data and we process it on your behalf, only to provide the Service to
          you.
        </p>
        <p>
          This policy should be read together with our{' '}
          <Link href="/terms-of-service">Terms of Service</Link> and our{' '}
          <Link href="/cookies-policy">Cookies Policy</Link>. If anything in it is unclear, please
          contact us at <Email address={CONTACT_EMAILS.privacy} />.
        </p>
      </>
    ),
  },
  {
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect the following categories of personal data.</p>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> your email address, your name or username, and your
            password. We never store your password in readable form; we keep only a salted Argon2
            hash of it.
          </li>
          <li>
            <strong>Project content:</strong> the files and code you create, edit or upload, project
            names, descriptions, languages, tags and starred status, the templates you start from,
            files you attach (such as images, PDF, text, Markdown, Word, JSON and CSV documents and
            zip archives together with the files inside them), and the SQL queries you run and their
            results.
          </li>
          <li>
            <strong>AI conversations:</strong> the prompts, messages and attachments you send to the
            AI assistant, the project planning chat and AI agents, and the responses and code
            changes they produce.
          </li>
          <li>
            <strong>Environment variables and credentials:</strong> the keys and values you store in
            the Environment Variables panel, and the API keys or tokens you provide so that we can
            deploy to Vercel, Netlify or Railway on your behalf. We treat these as secrets, as
            described in sections 4 and 8.
          </li>
          <li>
            <strong>Integration details:</strong> when you connect GitHub, your GitHub account name,
            an access token limited to the permissions you grant, and the names, branches and sync
            history of the repositories you import, link or push to.
          </li>
          <li>
            <strong>Billing details:</strong> your plan, subscription status and payment history.
            Card details are entered directly into a payment form provided by Stripe and are
            collected and stored by Stripe, not by Kiln. We receive only limited information from
            Stripe, such as the card brand, the last four digits, the expiry date and whether a
            payment succeeded.
          </li>
          <li>
            <strong>Correspondence:</strong> the messages you send to our support team or to any of
            our contact addresses, and our replies.
          </li>
        </ul>
        <h3>Information we collect automatically</h3>
        <ul>
          <li>
            <strong>Sign-in and device information:</strong> each time you sign in we record the IP
            address and browser details (user agent) of the session, when it started and when it was
            last used, so that we can keep your account secure.
          </li>
          <li>
            <strong>Server logs:</strong> technical records of requests made to our servers, such as
            the time, the address requested, the response status and your IP address.
          </li>
          <li>
            <strong>Usage, performance and error information:</strong> the pages you view, the
            features you use, how quickly pages and the editor respond, and details of errors that
            occur in your browser. Some of this is collected through cookies, as described in our{' '}
            <Link href="/cookies-policy">Cookies Policy</Link>.
          </li>
          <li>
            <strong>Collaboration information:</strong> when you work in a project with others, a
            collaboration identifier, your display name, the file you have open and when you joined
            are shared with the other people in that project in real time.
          </li>
        </ul>
        <h3>Information we receive from third parties</h3>
        <ul>
          <li>
            <strong>GitHub:</strong> your account name and details of your repositories, branches
            and commits when you connect your GitHub account.
          </li>
          <li>
            <strong>Stripe:</strong> confirmation of payments, subscription events and the limited
            card information described above, together with fraud prevention signals.
          </li>
          <li>
            <strong>Deployment platforms:</strong> the status and address of deployments you start
            through Vercel, Netlify or Railway.
          </li>
        </ul>
        <p>
          We do not ask for, and you should not give us, special category data (such as health
          information) about yourself. If your projects contain such data about others, you are
          responsible for having a lawful basis to process it.
        </p>
      </>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <>
        <p>
          UK GDPR requires us to have a lawful basis for each use of your personal data. We use it
          for the following purposes, on the lawful bases shown.
        </p>
        <ul>
          <li>
            <strong>Providing the Service</strong>, including creating and managing your account,
            storing and running your projects, showing live previews, enabling collaboration,
            synchronising with GitHub and deploying your applications. Lawful basis: performance of
            our contract with you.
          </li>
          <li>
            <strong>Providing AI features</strong>, by sending the content described in section 8 to
            our AI providers and returning their responses to you. Lawful basis: performance of our
            contract with you.
          </li>
          <li>
            <strong>Billing</strong>, including taking payments, managing subscriptions, free
            trials, plan changes and cancellations, and keeping accounting and tax records. Lawful
            bases: performance of our contract with you and compliance with our legal obligations.
          </li>
          <li>
            <strong>Keeping the Service secure</strong>, including authenticating you, protecting
            against cross-site request forgery, limiting repeated sign-in attempts, detecting and
            preventing fraud, abuse and breaches of our Terms of Service. Lawful basis: our
            legitimate interests in protecting our users and the Service.
          </li>
          <li>
            <strong>Communicating with you</strong>, including email verification, password resets,
            receipts, security alerts and notices of changes to our policies or prices. Lawful
            bases: performance of our contract with you and our legitimate interests in running the
            Service.
          </li>
          <li>
            <strong>Providing support</strong> when you contact us. Lawful bases: performance of our
            contract with you and our legitimate interests in helping our users.
          </li>
          <li>
            <strong>Improving the Service</strong>, using aggregated usage statistics and
            performance and error information to fix faults and decide what to build next. Lawful
            bases: our legitimate interests in improving the Service and, where the law requires it
            for non-essential cookies, your consent.
          </li>
          <li>
            <strong>Marketing</strong>, such as news about new features, only where you have agreed
            to receive it or where the law otherwise permits. You can unsubscribe at any time using
            the link in each message. Lawful basis: consent or, for existing customers, our
            legitimate interests.
          </li>
          <li>
            <strong>Meeting legal obligations</strong>, such as responding to lawful requests from
            public authorities and establishing, exercising or defending legal claims. Lawful bases:
            compliance with our legal obligations and our legitimate interests.
          </li>
        </ul>
        <p>
          Where we rely on legitimate interests, we have weighed those interests against your rights
          and freedoms. You can ask us for details of that assessment.
        </p>
        <p>
          We do not sell your personal data. We do not use your code, your project content or your
          AI conversations to train AI models. We do not make decisions about you based solely on
          automated processing that have legal or similarly significant effects on you.
        </p>
      </>
    ),
  },
  {
    title: 'Data Storage and Security',
    body: (
      <>
        <p>
          Your account information, projects and settings are stored in databases that we operate on
          secure cloud infrastructure. We use appropriate technical and organisational measures to
          protect your personal data against loss, misuse and unauthorised access, including:
        </p>
        <ul>
          <li>encryption of all data in transit between your browser and our servers (HTTPS);</li>
          <li>passwords stored only as salted hashes using the Argon2id algorithm;</li>
          <li>
            sign-in session tokens stored only in hashed form, held in a cookie that scripts cannot
            read, and ended automatically after a period of inactivity;
          </li>
          <li>
            environment variables, deployment API keys and integration access tokens treated as
            secrets: their values are masked in the workspace, are never sent to AI models, and are
            used only to run, sync and deploy your projects;
          </li>
          <li>
            protection against cross-site request forgery, limits on the rate of sign-in and
            registration attempts, and a temporary lock on an account after repeated failed sign-in
            attempts;
          </li>
          <li>
            access to personal data restricted to the staff and service providers who need it to run
            the Service, under a duty of confidentiality.
          </li>
        </ul>
        <p>
          JavaScript and Python code that you run in the browser executes on your own device. Code
          you preview, run or deploy is your responsibility, and you should not place secrets
          directly in your source files; keep them in environment variables instead.
        </p>
        <p>
          No method of transmitting or storing data is completely secure, so we cannot guarantee
          absolute security. Please keep your password confidential and tell us straight away at{' '}
          <Email address={CONTACT_EMAILS.support} /> if you think your account has been accessed
          without your permission. If a personal data breach occurs, we will notify the Information
          Commissioner's Office within 72 hours where the law requires it, and we will tell you
          without undue delay if the breach is likely to result in a high risk to your rights and
          freedoms.
        </p>
      </>
    ),
  },
  {
    title: 'Sharing Your Information',
    body: (
      <>
        <p>
          We do not sell or rent your personal data. We share it only as described below, and only
          as much as is needed for each purpose.
        </p>
        <ul>
          <li>
            <strong>Service providers</strong> who host our infrastructure and databases, deliver
            our emails and help us monitor performance and errors. They act on our instructions,
            under written contracts that require them to keep your data secure and confidential.
          </li>
          <li>
            <strong>AI providers</strong>, Anthropic and OpenAI, who process the content you submit
            to our AI features, as described in section 8.
          </li>
          <li>
            <strong>Stripe</strong>, which processes payments for our paid plans. Stripe handles
            your card details under its own privacy policy, available at{' '}
            <a href="https://stripe.com/privacy">stripe.com/privacy</a>.
          </li>
          <li>
            <strong>Services you choose to connect</strong>, such as GitHub, Vercel, Netlify and
            Railway. When you ask us to import, push, sync or deploy, we send them the code and
            information needed to carry out your request. Their own terms and privacy policies apply
            to the data they receive.
          </li>
          <li>
            <strong>Other Kiln users.</strong> People who work with you in a shared project can see
            your display name, the file you have open and the changes you make. Signed-in users can
            also see a list of Kiln users showing each user's name, email address and the date they
            joined.
          </li>
          <li>
            <strong>Kiln administrators</strong>, who can see account details, plans and
            subscription status in order to manage accounts, billing and support.
          </li>
          <li>
            <strong>Professional advisers</strong>, such as lawyers, accountants and auditors, under
            a duty of confidentiality.
          </li>
          <li>
            <strong>Public authorities, courts and law enforcement</strong>, where we are required
            by law to do so, or where it is necessary to protect the rights, property or safety of
            Kiln, our users or others.
          </li>
          <li>
            <strong>A buyer or successor</strong> if Kiln is involved in a merger, acquisition or
            sale of all or part of its business. We will tell you before your personal data becomes
            subject to a different privacy policy.
          </li>
        </ul>
        <p>We will share your personal data for any other purpose only with your consent.</p>
      </>
    ),
  },
  {
    title: 'Your Rights Under UK GDPR',
    body: (
      <>
        <p>Under UK GDPR you have the following rights over your personal data:</p>
        <ul>
          <li>
            <strong>The right to be informed</strong> about how we collect and use your personal
            data, which this policy is intended to meet.
          </li>
          <li>
            <strong>The right of access</strong> to a copy of the personal data we hold about you.
          </li>
          <li>
            <strong>The right to rectification</strong> of personal data that is inaccurate or
            incomplete.
          </li>
          <li>
            <strong>The right to erasure</strong> of your personal data in certain circumstances,
            for example when it is no longer needed for the purpose for which we collected it.
          </li>
          <li>
            <strong>The right to restrict processing</strong> of your personal data in certain
            circumstances, for example while we check a complaint about its accuracy.
          </li>
          <li>
            <strong>The right to data portability</strong>: to receive the personal data you have
            given us in a structured, commonly used and machine-readable format, and to ask us to
            send it to another organisation where that is technically feasible.
          </li>
          <li>
            <strong>The right to object</strong> to processing based on our legitimate interests,
            and the absolute right to object to direct marketing.
          </li>
          <li>
            <strong>The right to withdraw consent</strong> at any time, where we rely on your
            consent. This does not affect processing carried out before you withdrew it.
          </li>
          <li>
            <strong>Rights related to automated decision-making</strong>, including profiling. We do
            not make decisions about you based solely on automated processing that have legal or
            similarly significant effects.
          </li>
        </ul>
        <p>
          To exercise any of these rights, email <Email address={CONTACT_EMAILS.privacy} />. We may
          need to confirm your identity before acting on your request. We will respond within one
          month of receiving it. If your request is complex, or you have made several requests, we
          may extend this by up to two further months, and we will tell you if we do. We do not
          usually charge a fee, but we may charge a reasonable fee or refuse a request that is
          clearly unfounded or excessive.
        </p>
        <p>
          You also have the right to complain to the UK supervisory authority for data protection,
          the Information Commissioner's Office (ICO), at <IcoLink /> or by calling its helpline on
          0303 123 1113. We would appreciate the chance to deal with your concerns first, so please
          contact us before you go to the ICO.
        </p>
      </>
    ),
  },
  {
    title: 'Cookies',
    body: (
      <>
        <p>
          We use cookies and similar technologies to keep you signed in, protect your account,
          remember your preferences, understand how the Service is used and monitor its performance
          and errors. Stripe also sets cookies on our checkout page to process payments securely and
          prevent fraud.
        </p>
        <p>
          Essential cookies are needed for the Service to work and do not require your consent.
          Where the law requires your consent for other cookies, such as analytics cookies, we set
          them only once you have given it. We also keep your light or dark theme choice in your
          browser's local storage under the key <code>theme</code>, which is never sent to our
          servers.
        </p>
        <p>
          Our <Link href="/cookies-policy">Cookies Policy</Link> lists every cookie we use, what it
          does and how long it lasts, and explains how you can manage cookies in your browser.
        </p>
      </>
    ),
  },
  {
    title: 'Artificial Intelligence',
    body: (
      <>
        <p>
          Kiln's AI features, including the AI assistant, the project planning chat, AI project
          generation and AI agents, are powered by large language models provided by Anthropic
          (Claude models) and OpenAI (GPT models). Content is sent to an AI provider only when you
          use one of these features.
        </p>
        <h3>What we send to AI providers</h3>
        <ul>
          <li>your prompts and messages, and the earlier messages in the same conversation;</li>
          <li>
            attachments you add to a message, such as images, documents and the files extracted from
            a zip archive;
          </li>
          <li>
            the name, description and language of the project you are working on, and the paths and
            contents of the project files needed to answer your request;
          </li>
          <li>
            when you run an AI agent, the project files the agent reads in order to plan and carry
            out its task, and the changes it proposes to make.
          </li>
        </ul>
        <h3>What we never send to AI models</h3>
        <p>
          Environment variables and other secrets are never sent to AI models. The keys and values
          you store in the Environment Variables panel, deployment API keys, GitHub access tokens,
          your password and your payment details are never included in what we send to AI providers.
        </p>
        <p>
          Please note that we cannot tell a secret apart from ordinary text if you type it into a
          prompt or paste it directly into a source file. Text in a prompt, and the contents of
          project files, are sent as described above. To keep secrets away from AI models, store
          them as environment variables rather than in your code or messages.
        </p>
        <h3>How AI providers process your content</h3>
        <p>
          Anthropic and OpenAI process the content we send them on our behalf, under their
          commercial API terms and data processing agreements, solely to generate responses for you.
          Under those terms at the date of this policy, they do not use content submitted through
          their APIs to train their models, and they may keep it for a limited period, typically up
          to 30 days, to detect and prevent abuse, unless a longer period is required by law. Both
          providers process data in the United States; section 10 explains how we protect data
          transferred outside the UK. You can read more in the privacy policies of{' '}
          <a href="https://www.anthropic.com/legal/privacy">Anthropic</a> and{' '}
          <a href="https://openai.com/policies/privacy-policy">OpenAI</a>.
        </p>
        <h3>AI output and your control</h3>
        <p>
          AI-generated code and answers can be inaccurate, incomplete or insecure, so please review
          them before you rely on them. AI agents change files in your project only to carry out the
          task you give them. Your AI conversation history is stored with your project so that you
          can refer back to it, and you can clear it at any time. We do not use your AI
          conversations to train AI models.
        </p>
      </>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <>
        <p>
          We keep personal data only for as long as we need it for the purposes described in this
          policy.
        </p>
        <ul>
          <li>
            <strong>Account and project data</strong> is kept for as long as your account is active.
            You can delete individual projects and files, and clear AI conversations, at any time.
          </li>
          <li>
            <strong>Account deletion:</strong> when you delete your account, or ask us to delete it,
            we delete or anonymise your personal data within 30 days, except for data we must keep
            for longer by law. Copies held in secure backups are removed when those backups expire
            on their regular cycle; until then they are kept isolated and are not used.
          </li>
          <li>
            <strong>Data export after termination:</strong> if your account is terminated, you may
            export your project data, or ask us to provide it to you, within 30 days of termination.
            After that period we delete or anonymise it.
          </li>
          <li>
            <strong>Billing records</strong>, such as invoices and payment records, are kept for as
            long as UK tax and accounting law requires, which is normally six years from the end of
            the financial year to which they relate.
          </li>
          <li>
            <strong>Sign-in sessions</strong>, including the IP address and browser details recorded
            with them, are deleted when the session ends or expires.
          </li>
          <li>
            <strong>Server logs</strong> are kept for a limited period to keep the Service secure
            and to investigate faults, and are then deleted.
          </li>
          <li>
            <strong>Cookies</strong> last for the periods set out in our{' '}
            <Link href="/cookies-policy">Cookies Policy</Link>.
          </li>
          <li>
            <strong>Support correspondence</strong> is kept for as long as needed to resolve your
            request and deal with any follow-up questions.
          </li>
        </ul>
        <p>
          Where we anonymise data so that it can no longer be linked to you, we may keep and use it
          for statistical purposes without further notice to you.
        </p>
      </>
    ),
  },
  {
    title: 'International Data Transfers',
    body: (
      <>
        <p>
          Kiln is based in the United Kingdom. Some of the service providers and integrations we
          use, including Anthropic, OpenAI, Stripe, GitHub, Vercel, Netlify and Railway, store or
          process data in the United States or other countries outside the UK, whose data protection
          laws may differ from those of the UK.
        </p>
        <p>
          Whenever we transfer personal data outside the UK, we make sure it receives a level of
          protection essentially equivalent to that required by UK law, using one or more of the
          following safeguards:
        </p>
        <ul>
          <li>
            transfers to countries that the UK Government has found to provide an adequate level of
            protection under UK adequacy regulations;
          </li>
          <li>
            for organisations in the United States certified under it, the UK Extension to the EU-US
            Data Privacy Framework (the "UK-US data bridge");
          </li>
          <li>
            the International Data Transfer Agreement, or the International Data Transfer Addendum
            to the European Commission's standard contractual clauses, approved by the UK
            Parliament, together with a transfer risk assessment.
          </li>
        </ul>
        <p>
          You can ask us for more information about these safeguards, or a copy of the relevant
          documents, by emailing <Email address={CONTACT_EMAILS.privacy} />.
        </p>
      </>
    ),
  },
  {
    title: "Children's Privacy",
    body: (
      <>
        <p>
          You must be at least 13 years old to use Kiln. The Service is not directed at children
          under 13, and we do not knowingly collect personal data from them. If you are between 13
          and 18, please make sure a parent or guardian has read this policy and agrees to your use
          of the Service.
        </p>
        <p>
          If we learn that we have collected personal data from a child under 13, we will close the
          account and delete that data as quickly as possible. If you believe a child under 13 has
          given us personal data, please contact us at <Email address={CONTACT_EMAILS.privacy} />.
        </p>
      </>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <>
        <p>
          We may update this Privacy Policy from time to time, for example to reflect changes to the
          Service, to the providers we use or to the law. The date at the top of this page shows
          when it was last updated.
        </p>
        <p>
          If we make a material change, such as using your personal data for a new purpose or
          sharing it with a new category of recipient, we will tell you by email or by a notice in
          the Service before the change takes effect. Where the law requires your consent to a
          change, we will ask for it.
        </p>
      </>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <>
        <p>
          {LEGAL_ENTITY}, a company registered in England and Wales, is the controller responsible
          for your personal data. You can contact us at:
        </p>
        <ul>
          <li>
            Privacy and data protection requests: <Email address={CONTACT_EMAILS.privacy} />
          </li>
          <li>
            Legal matters: <Email address={CONTACT_EMAILS.legal} />
          </li>
          <li>
            Account and general support: <Email address={CONTACT_EMAILS.support} />
          </li>
        </ul>
        <p>
          If you are not satisfied with our response, you can complain to the Information
          Commissioner's Office at <IcoLink />.
        </p>
      </>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          How {LEGAL_ENTITY} collects, uses and protects your personal data when you use Kiln, in
          line with UK GDPR and the Data Protection Act 2018.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
