// Terms of Service and Privacy Policy (spec §2 "Static pages"; §9 "Legal").
import { LEGAL } from '../../lib/domain/constants';
import { Link } from '../../widgets/ui/navigation';
import { BackButton } from '../../widgets/ui/BackButton';
import { useT } from '../../widgets/ui/i18n';
import { EnglishOnly, StaticPage } from './shared';

export function Terms() {
  return (
    <StaticPage name="Terms of Service">
      <TermsContent />
    </StaticPage>
  );
}

function TermsContent() {
  const { t } = useT();
  return (
      <article className="cf-page cf-stack">
        <div>
          <BackButton label={t('pages.back')} variant="secondary" />
        </div>
        <h1>{t('pages.terms.title')}</h1>
        <p className="cf-page-meta">{t('pages.lastUpdated', { date: LEGAL.lastUpdated })}</p>
        <EnglishOnly>
        <section>
          <h2>1. Acceptance of Terms</h2>
          <p>By accessing or using Creatorflow you agree to these Terms of Service. If you use Creatorflow for an organisation, you accept them on its behalf.</p>
        </section>
        <section>
          <h2>2. Use of the Service</h2>
          <p>Creatorflow helps brand and agency staff run creator campaigns: funnels, outreach, orders, inventory, shipments, calendars and analytics. You may use it only for lawful purposes and in line with the platforms you connect.</p>
        </section>
        <section>
          <h2>3. Accounts and Team Members</h2>
          <p>You are responsible for the people you invite to your workspace, for the roles and permissions you give them, and for keeping your credentials secure.</p>
        </section>
        <section>
          <h2>4. Your Content and Data</h2>
          <p>You keep all rights to the data you bring into Creatorflow. You grant us only the rights needed to operate the service for you.</p>
        </section>
        <section>
          <h2>5. Subscriptions and Billing</h2>
          <p>Paid plans renew for the billing cycle shown in Billing until cancelled. Fees already paid are not refundable except where the law requires.</p>
        </section>
        <section>
          <h2>6. Third-Party Services</h2>
          <p>Integrations with marketplaces and other services are governed by those services&apos; own terms. We are not responsible for their availability.</p>
        </section>
        <section>
          <h2>7. Limitation of Liability</h2>
          <p>To the extent the law allows, Creatorflow is provided as is, and our liability is limited to the fees you paid in the twelve months before a claim.</p>
        </section>
        <section>
          <h2>8. Changes to These Terms</h2>
          <p>We may update these terms. We will tell you about material changes before they take effect.</p>
        </section>
        <section>
          <h2>9. Contact</h2>
          <p>
            Questions about these terms: <a href="mailto:legal@creatorflow.example">legal@creatorflow.example</a>. See also our <Link href="/privacy">Privacy Policy</Link>.
          </p>
        </section>
        </EnglishOnly>
      </article>
  );
}

export function Privacy() {
  return (
    <StaticPage name="Privacy Policy">
      <PrivacyContent />
    </StaticPage>
  );
}

function PrivacyContent() {
  const { t } = useT();
  return (
      <article className="cf-page cf-stack">
        <div>
          <BackButton label={t('pages.back')} variant="secondary" />
        </div>
        <h1>{t('pages.privacy.title')}</h1>
        <p className="cf-page-meta">{t('pages.lastUpdated', { date: LEGAL.lastUpdated })}</p>
        <EnglishOnly>
        <section>
          <h2>Information We Collect</h2>
          <p>Account details (name, email address, role), the campaign data you enter or import (creators, funnels, orders, inventory, events), and technical data such as browser type and usage of features.</p>
        </section>
        <section>
          <h2>How We Use Your Information</h2>
          <p>To provide and improve the service, to send the notifications you choose, to keep your workspace secure, and to answer your support requests.</p>
        </section>
        <section>
          <h2>Information Sharing</h2>
          <p>We do not sell your personal information. We share it only with the integrations you connect, with service providers bound by confidentiality, or when the law requires it.</p>
        </section>
        <section>
          <h2>Data Security</h2>
          <p>We protect your data with encryption in transit, access controls by role and permission, and an activity log of every change.</p>
        </section>
        <section>
          <h2>Your Rights</h2>
          <p>You may access, correct, export or delete your personal information, and object to or restrict its processing. Use Export Data in Settings or contact us.</p>
        </section>
        <section>
          <h2>Cookies</h2>
          <p>We use only the cookies and browser storage needed to keep you signed in and to keep your workspace data. We do not use advertising cookies.</p>
        </section>
        <section>
          <h2>Children&apos;s Privacy</h2>
          <p>Creatorflow is not directed to children under {LEGAL.childrenAgeLimit}. We do not knowingly collect personal information from children under {LEGAL.childrenAgeLimit}; if we learn that we have, we delete it.</p>
        </section>
        <section>
          <h2>International Data Transfers</h2>
          <p>Your information may be processed in countries other than your own. Where it is, we apply safeguards that give it the same level of protection.</p>
        </section>
        <section>
          <h2>Contact Us</h2>
          <p>
            Questions about this policy or your data: <a href="mailto:privacy@creatorflow.example">privacy@creatorflow.example</a>. See also our <Link href="/terms">Terms of Service</Link>.
          </p>
        </section>
        </EnglishOnly>
      </article>
  );
}
