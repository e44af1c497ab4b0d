import { LEGAL_LAST_UPDATED, PLANS } from '@kiln/shared';
import { Link } from 'wouter';
import { CONTACT_EMAILS, Email, LEGAL_ENTITY, LegalPage, type LegalSection } from './legal-page';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Agreement to Terms',
    body: (
      <>
        <p>
          These Terms of Service ("Terms") form a legally binding agreement between you and{' '}
          {LEGAL_ENTITY}, a company registered in England and Wales ("Kiln", "we", "us" or "our"),
          governing your access to and use of the Kiln website, the Kiln workspace and all related
          features and services (together, the "Service").
        </p>
        <p>
          By creating an account, or by accessing or using the Service, you confirm that you have
          read, understood and agree to be bound by these Terms. If you do not agree, you must not
          use the Service. If you use the Service on behalf of a company or other organisation, you
          confirm that you have authority to bind that organisation, and "you" includes that
          organisation.
        </p>
        <p>
          Our <Link href="/privacy-policy">Privacy Policy</Link> and{' '}
          <Link href="/cookies-policy">Cookies Policy</Link> explain how we handle your personal
          data and use cookies, and form part of your agreement with us. In these Terms, "Your
          Content" means the code, files, projects, prompts, attachments and other material you
          create, upload or store in the Service.
        </p>
        <p>
          If you are a consumer, nothing in these Terms affects your statutory rights under the law
          of England and Wales, including the Consumer Rights Act 2015.
        </p>
      </>
    ),
  },
  {
    title: 'Description of Service',
    body: (
      <>
        <p>
          Kiln is a browser-based, AI-assisted code workspace. Depending on your plan, the Service
          lets you:
        </p>
        <ul>
          <li>
            create coding projects from templates, from an imported zip archive or through an
            AI-assisted planning chat;
          </li>
          <li>edit projects in a browser-based code editor with syntax highlighting and search;</li>
          <li>
            run JavaScript and Python in the browser with an integrated terminal, and preview web
            pages at different screen sizes;
          </li>
          <li>
            use an AI assistant and AI agents, powered by Anthropic Claude and OpenAI GPT models,
            that can read and change your code;
          </li>
          <li>import, link, synchronise and push projects with GitHub;</li>
          <li>deploy applications to Vercel, Netlify and Railway;</li>
          <li>store environment variables and run SQL queries; and</li>
          <li>collaborate with others on the same project in real time.</li>
        </ul>
        <p>
          The features, storage and limits of each plan are described on our{' '}
          <Link href="/pricing">pricing page</Link>. In summary, the Free plan includes 3 projects,
          5GB of storage and community support; the Pro plan adds unlimited projects, 50GB of
          storage, the advanced AI assistant, private projects, GitHub auto-sync and priority email
          support; and the Enterprise plan adds unlimited storage, single sign-on (SSO and SAML),
          audit logs and dedicated support with a service level agreement.
        </p>
        <p>
          We continually develop the Service and may add, change or remove features. We will not
          materially reduce the core features of a paid plan during a billing period you have
          already paid for, and we will give you reasonable notice of any significant change that
          adversely affects you. Features labelled "beta" are offered for early feedback, may change
          or be withdrawn at any time and are provided without any service level commitment.
        </p>
      </>
    ),
  },
  {
    title: 'User Accounts',
    body: (
      <>
        <p>
          You must be at least 13 years old to create an account or use the Service. If you are
          under 18, you may use the Service only with the permission of a parent or guardian, who
          must agree to these Terms on your behalf, and you may not buy a paid plan without their
          involvement.
        </p>
        <p>When you create and use an account, you agree to:</p>
        <ul>
          <li>give accurate and complete information and keep it up to date;</li>
          <li>
            keep your password confidential, not share your account with anyone else, and use a
            password that you do not use for other services;
          </li>
          <li>
            tell us straight away at <Email address={CONTACT_EMAILS.support} /> if you suspect that
            anyone has accessed your account without permission; and
          </li>
          <li>
            not create accounts by automated means or in order to get around limits, suspensions or
            terminations.
          </li>
        </ul>
        <p>
          You are responsible for all activity that takes place under your account, except where it
          results from our failure to keep the Service secure. We may refuse an account, or require
          you to change a name or username that is misleading, offensive or infringes someone else's
          rights.
        </p>
      </>
    ),
  },
  {
    title: 'Subscription and Billing',
    body: (
      <>
        <h3>Plans and prices</h3>
        <p>
          Kiln offers the following plans. Prices are in pounds sterling (GBP) and are billed
          monthly in advance:
        </p>
        <ul>
          <li>
            <strong>{PLANS.free.name}:</strong> £{PLANS.free.priceGbp}, with no payment details
            required;
          </li>
          <li>
            <strong>{PLANS.pro.name}:</strong> £{PLANS.pro.priceGbp} per month;
          </li>
          <li>
            <strong>{PLANS.enterprise.name}:</strong> £{PLANS.enterprise.priceGbp} per month.
          </li>
        </ul>
        <p>
          Prices include any VAT that applies unless we state otherwise at checkout. A paid
          subscription renews automatically each month, on the same day of the month on which it
          started, until you cancel it. By subscribing, you authorise us, through our payment
          processor, to charge your payment method for each billing period in advance.
        </p>
        <h3>Free trial</h3>
        <p>
          Paid plans come with a 14-day free trial. You will not be charged during the trial. Unless
          you cancel before the trial ends, your subscription will start automatically at the end of
          the trial and your payment method will be charged the price of your plan. Free trials are
          limited to one per customer.
        </p>
        <h3>Payments</h3>
        <p>
          Payments are processed by Stripe. You enter your card details directly into Stripe's
          secure payment form, and Stripe's own terms and privacy policy apply to that processing.
          Kiln does not store your full card number. If a payment fails, we may retry it and will
          let you know; if the payment remains outstanding, we may suspend your paid features or
          move your account to the Free plan until it is paid.
        </p>
        <h3>Price changes</h3>
        <p>
          We may change our prices. We will give you at least 30 days' notice by email before a
          price change applies to your subscription, and the new price will take effect from your
          first billing period that starts after the notice period ends. If you do not wish to pay
          the new price, you can cancel before it takes effect.
        </p>
        <h3>Changing plans</h3>
        <p>
          When you upgrade or downgrade between paid plans, the change applies immediately and is
          prorated. On an upgrade you are charged the difference in price for the remainder of the
          current billing period; on a downgrade the unused portion of your current plan is applied
          as a credit against your future invoices. To move to the Free plan, cancel your paid
          subscription as described below.
        </p>
        <h3>Cancellation</h3>
        <p>
          You can cancel your subscription at any time from your account settings or by emailing{' '}
          <Email address={CONTACT_EMAILS.support} />. Cancellation takes effect at the end of the
          current billing period: you keep your paid features until then, you will not be charged
          again, and your account then moves to the Free plan, whose features and limits apply from
          that point.
        </p>
        <h3>Refunds</h3>
        <p>
          Fees are non-refundable, and we do not give refunds or credits for partly used billing
          periods, except for the proration credits described above or as required by law.
        </p>
        <p>
          If you are a consumer in the UK, you have a legal right to cancel a paid subscription
          within 14 days of entering into it. If you asked us to start providing the paid service
          during that period and you then cancel, we will refund what you paid less a proportionate
          amount for the service provided up to the time you told us you were cancelling.
        </p>
      </>
    ),
  },
  {
    title: 'Acceptable Use',
    body: (
      <>
        <p>
          You must use the Service lawfully and responsibly. In particular, you must not use the
          Service, or allow anyone else to use it, to:
        </p>
        <ul>
          <li>break any law or regulation, or encourage or help anyone else to do so;</li>
          <li>
            upload, create or share content that infringes anyone's intellectual property, privacy
            or other rights;
          </li>
          <li>
            create, host or distribute malware, phishing pages, credential harvesters or other
            harmful or deceptive code;
          </li>
          <li>
            attack, probe, scan or overload any system or network, including the Service itself, or
            try to gain unauthorised access to any account, project or data;
          </li>
          <li>
            get around usage limits, plan restrictions, rate limits or security measures, or access
            the Service by automated means other than through features we provide for that purpose;
          </li>
          <li>
            mine cryptocurrency, or otherwise use an unreasonable amount of computing, storage or
            network resources;
          </li>
          <li>send spam or unsolicited messages, or host content used in such campaigns;</li>
          <li>
            create or share content that is unlawful, harassing, hateful, threatening, sexually
            exploits or endangers children, or promotes violence;
          </li>
          <li>
            process other people's personal data without a lawful basis, or store special category
            data without appropriate safeguards;
          </li>
          <li>
            use the AI features in breach of the usage policies of Anthropic or OpenAI, or to
            develop models that compete with theirs where their terms prohibit it;
          </li>
          <li>
            copy, modify, reverse engineer or resell the Service, except as permitted by law or with
            our written permission.
          </li>
        </ul>
        <p>
          If you breach this section, we may remove or disable the content concerned, restrict
          features, or suspend or terminate your account under section 12, and we may report
          unlawful activity to the relevant authorities. If you discover a security vulnerability in
          the Service, please report it responsibly to <Email address={CONTACT_EMAILS.support} />{' '}
          and do not exploit or disclose it.
        </p>
      </>
    ),
  },
  {
    title: 'Intellectual Property',
    body: (
      <>
        <h3>Your code and content</h3>
        <p>
          You own your code. You keep all intellectual property rights in Your Content, and Kiln
          claims no ownership of it. You grant Kiln a worldwide, non-exclusive, royalty-free licence
          to host, store, copy, process, transmit and display Your Content only as needed to provide
          the Service to you, including sending it to AI providers when you use AI features and to
          services you connect, such as GitHub or a deployment platform, when you ask us to. This
          licence ends when you delete Your Content or your account, except for copies held in
          backups until they expire and content you have shared with collaborators.
        </p>
        <p>
          You confirm that you have all the rights needed to upload and use Your Content in the
          Service, and that doing so will not infringe anyone else's rights.
        </p>
        <h3>AI-generated output</h3>
        <p>
          As between you and Kiln, you own the code and other output that the AI features generate
          for you, to the extent the law allows, and we assign to you any rights we may have in it.
          AI models can produce similar output for other users, and output may resemble existing
          material. You are responsible for reviewing output and for making sure your use of it
          complies with the law and any applicable licences.
        </p>
        <h3>Templates</h3>
        <p>
          You may use, modify and distribute the code from Kiln's project templates within your own
          projects, including commercial projects.
        </p>
        <h3>Kiln's rights</h3>
        <p>
          The Service, including its software, design, text, graphics, the Kiln name and logo, is
          owned by Kiln or its licensors and protected by intellectual property laws. Subject to
          these Terms, we grant you a limited, non-exclusive, non-transferable and revocable licence
          to use the Service for as long as your account is active. Open-source components included
          in the Service are licensed under their own terms.
        </p>
        <p>
          If you send us feedback or suggestions, we may use them without any obligation to you. If
          you believe content in the Service infringes your rights, please write to{' '}
          <Email address={CONTACT_EMAILS.legal} />.
        </p>
      </>
    ),
  },
  {
    title: 'Data and Privacy',
    body: (
      <>
        <p>
          Our <Link href="/privacy-policy">Privacy Policy</Link> explains how we collect, use and
          protect your personal data in accordance with UK GDPR and the Data Protection Act 2018.
        </p>
        <p>
          Where Your Content includes personal data about other people, you are the controller of
          that data and Kiln processes it as your processor, only on your documented instructions,
          which are to provide the Service as described in these Terms. You are responsible for
          having a lawful basis for that data and for giving any notices that the law requires. A
          data processing agreement is available on request from{' '}
          <Email address={CONTACT_EMAILS.privacy} />.
        </p>
        <p>
          We treat environment variables, deployment API keys and integration access tokens as
          secrets, use them only to run, sync and deploy your projects, and never send environment
          variables or secrets to AI models. Please keep secrets in environment variables rather
          than in your source files or prompts.
        </p>
        <p>
          We take regular backups to protect the Service, but they are not a substitute for your
          own. We recommend that you keep copies of important projects, for example by synchronising
          them with GitHub. After termination, you may export your data as set out in section 12.
        </p>
      </>
    ),
  },
  {
    title: 'Service Availability and Support',
    body: (
      <>
        <h3>Availability</h3>
        <p>
          We aim to make the Service available 99.9% of the time in each calendar month, excluding
          scheduled maintenance, for which we will give advance notice where practicable, and events
          beyond our reasonable control. This is a target rather than a guarantee, unless a separate
          written Enterprise agreement provides otherwise. Features that depend on third parties,
          such as the AI features, GitHub synchronisation and deployment, may be affected by outages
          of those services.
        </p>
        <h3>Support</h3>
        <ul>
          <li>
            <strong>Free:</strong> community support, our documentation and support by email.
          </li>
          <li>
            <strong>Pro:</strong> priority email support and live chat support.
          </li>
          <li>
            <strong>Enterprise:</strong> dedicated support with a service level agreement (SLA),
            whose response times are set out in your Enterprise agreement, and live chat support.
          </li>
        </ul>
        <p>
          You can reach our support team at <Email address={CONTACT_EMAILS.support} />. We aim to
          respond to support emails within 24 hours, and Pro and Enterprise requests are handled
          first.
        </p>
      </>
    ),
  },
  {
    title: 'Third-Party Services',
    body: (
      <>
        <p>
          The Service works with services provided by third parties, including Anthropic and OpenAI
          (AI models), GitHub (code hosting), Vercel, Netlify and Railway (deployment) and Stripe
          (payments). Your use of a third-party service is governed by that provider's own terms and
          privacy policy, and you are responsible for complying with them and for any charges they
          make, such as the fees of a deployment platform.
        </p>
        <p>
          When you connect a third-party account or give us an API key, you authorise us to access
          that service on your behalf, within the permissions you grant, to carry out the actions
          you request. You can revoke this at any time by disconnecting the service, deleting the
          key from Kiln or revoking access in the provider's own settings.
        </p>
        <p>
          We do not control third-party services and are not responsible for their availability,
          content or actions, or for changes they make that affect how they work with the Service.
          Links to third-party websites are provided for convenience only.
        </p>
      </>
    ),
  },
  {
    title: 'Disclaimers and Limitation of Liability',
    body: (
      <>
        <h3>What we promise</h3>
        <p>
          We will provide the Service with reasonable care and skill. Apart from that, and to the
          extent permitted by law, the Service is provided "as is" and "as available", and we do not
          promise that it will be uninterrupted, error-free or suitable for any particular purpose.
        </p>
        <p>
          AI-generated code, suggestions and answers may be inaccurate, incomplete, insecure or
          similar to third-party material. You are responsible for reviewing and testing all code,
          including code written or changed by AI features, before you run, publish or deploy it,
          and for the consequences of code you run or deploy.
        </p>
        <h3>What we do not exclude</h3>
        <p>
          Nothing in these Terms excludes or limits our liability for death or personal injury
          caused by our negligence, for fraud or fraudulent misrepresentation, or for any other
          liability that cannot be excluded or limited under the law of England and Wales. If you
          are a consumer, nothing in these Terms affects your statutory rights.
        </p>
        <h3>Limits on our liability</h3>
        <p>Subject to the paragraph above:</p>
        <ul>
          <li>
            we are not liable for any loss of profits, revenue, business, contracts, goodwill or
            anticipated savings, or for any indirect or consequential loss;
          </li>
          <li>
            if you are a consumer, we are not liable for losses that were not reasonably foreseeable
            when you accepted these Terms, or for business losses, as the Service is provided to
            consumers for domestic and private use;
          </li>
          <li>
            we are not liable for loss of Your Content except where it results from our failure to
            use reasonable care and skill, and our liability is then limited to using reasonable
            efforts to restore it from our backups; and
          </li>
          <li>
            our total liability to you for all claims arising out of or in connection with these
            Terms or the Service, whether in contract, tort (including negligence) or otherwise, is
            limited to the total amount you paid us for the Service in the 12 months before the
            event giving rise to the claim.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Indemnification',
    body: (
      <>
        <p>
          To the extent permitted by law, you agree to indemnify Kiln, its officers, employees and
          agents against any claims, losses, damages, liabilities, costs and expenses (including
          reasonable legal fees) arising out of third-party claims that result from:
        </p>
        <ul>
          <li>Your Content, or code you run or deploy using the Service;</li>
          <li>your breach of these Terms, including the Acceptable Use rules in section 5; or</li>
          <li>your breach of any law or of the rights of any third party.</li>
        </ul>
        <p>
          We will tell you promptly about any such claim, allow you to control its defence and
          settlement (except that you may not settle a claim in a way that imposes obligations on
          Kiln without our consent), and give you reasonable help at your expense. If you are a
          consumer, this section applies only to the extent that the loss results from your breach
          of these Terms or of the law.
        </p>
      </>
    ),
  },
  {
    title: 'Termination',
    body: (
      <>
        <h3>Termination by you</h3>
        <p>
          You may stop using the Service and delete your account at any time, or ask us to delete it
          by emailing <Email address={CONTACT_EMAILS.support} />. Deleting your account ends any
          paid subscription; fees already paid are not refunded except as described in section 4 or
          as required by law.
        </p>
        <h3>Termination by us</h3>
        <p>
          We may suspend or terminate your access to the Service if you materially or repeatedly
          breach these Terms, if you fail to pay fees when due, if we are required to by law, or if
          it is necessary to protect the Service, our users or others from harm. Where it is
          reasonable and lawful to do so, we will give you notice and a chance to put things right
          first. We may also stop providing the Service to you for any other reason by giving you at
          least 30 days' notice, in which case we will refund any fees you have paid in advance for
          the period after termination.
        </p>
        <h3>What happens on termination</h3>
        <p>
          When your account is terminated, your right to use the Service ends. You may export your
          data within 30 days of termination, by downloading or synchronising your projects or by
          asking us at <Email address={CONTACT_EMAILS.support} /> to provide a copy, unless the law
          prevents us from making particular content available. After that period we delete or
          anonymise your data as described in our <Link href="/privacy-policy">Privacy Policy</Link>
          .
        </p>
        <p>
          Sections that by their nature should continue after termination, including those on
          intellectual property, disclaimers and limitation of liability, indemnification and
          governing law, and any obligation to pay fees already due, will continue to apply.
        </p>
      </>
    ),
  },
  {
    title: 'Governing Law',
    body: (
      <>
        <p>
          These Terms, and any dispute or claim arising out of or in connection with them or the
          Service (including non-contractual disputes or claims), are governed by the law of England
          and Wales.
        </p>
        <p>
          The courts of England and Wales have exclusive jurisdiction to settle any such dispute or
          claim. If you are a consumer living in Scotland or Northern Ireland, you may also bring
          proceedings in the courts of the country where you live, and if you are a consumer living
          elsewhere, you keep the protection of any mandatory consumer laws of your country of
          residence.
        </p>
        <p>
          Before starting proceedings, please contact us at <Email address={CONTACT_EMAILS.legal} />{' '}
          so that we can try to resolve the matter informally.
        </p>
        <h3>General</h3>
        <ul>
          <li>
            These Terms, together with the policies they refer to and any written Enterprise
            agreement, are the entire agreement between you and Kiln about the Service.
          </li>
          <li>
            If any part of these Terms is found to be unenforceable, the rest of the Terms will
            remain in force.
          </li>
          <li>
            If we delay in enforcing these Terms, we can still enforce them later; a delay is not a
            waiver of our rights.
          </li>
          <li>
            You may not transfer your rights or obligations under these Terms without our written
            consent. We may transfer ours to another organisation, and we will tell you if we do; if
            you are unhappy with the transfer, you may end your agreement with us.
          </li>
          <li>
            No one other than you and Kiln has any right to enforce these Terms under the Contracts
            (Rights of Third Parties) Act 1999.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Changes to Terms',
    body: (
      <>
        <p>
          We may update these Terms from time to time, for example to reflect changes to the Service
          or to the law. The date at the top of this page shows when they were last updated.
        </p>
        <p>
          If we make a material change, we will tell you by email or by a notice in the Service at
          least 30 days before it takes effect. Changes needed for legal, regulatory or security
          reasons may take effect sooner. Price changes follow the notice rules in section 4. If you
          do not agree to a change, you may cancel your subscription or close your account before
          the change takes effect. If you keep using the Service after that, you accept the updated
          Terms.
        </p>
      </>
    ),
  },
  {
    title: 'Contact Information',
    body: (
      <>
        <p>
          The Service is provided by {LEGAL_ENTITY}, a company registered in England and Wales. You
          can contact us at:
        </p>
        <ul>
          <li>
            Legal notices and questions about these Terms: <Email address={CONTACT_EMAILS.legal} />
          </li>
          <li>
            Account, billing and technical support: <Email address={CONTACT_EMAILS.support} />
          </li>
          <li>
            Privacy and data protection: <Email address={CONTACT_EMAILS.privacy} />
          </li>
        </ul>
        <p>
          We will send notices to you at the email address linked to your account, so please keep it
          up to date.
        </p>
      </>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          The terms on which {LEGAL_ENTITY} provides Kiln to you. Please read them carefully before
          you use the Service. They are governed by the law of England and Wales.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
