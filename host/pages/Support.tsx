// Support page: where Contact Support, the docs list and the maintenance status link lead.
import { Link } from '../../widgets/ui/navigation';
import { StaticPage, useScrollToHash } from './shared';

export const SUPPORT_EMAIL = 'support@creatorflow.example';

export function Support() {
  return (
    <StaticPage name="Support">
      <SupportContent />
    </StaticPage>
  );
}

function SupportContent() {
  useScrollToHash();
  return (
    <article className="cf-page cf-stack">
      <h1>Support</h1>
      <p>Our support team is available 24/7. We answer most requests within one hour.</p>
      <section className="cf-card" aria-labelledby="cf-support-contact">
        <h2 id="cf-support-contact">Contact the support team</h2>
        <ul>
          <li>
            Email: <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Creatorflow support request')}`}>{SUPPORT_EMAIL}</a>
          </li>
          <li>Phone support is included in the Pro plan: see Billing for your plan.</li>
        </ul>
        <p>
          <a className="cf-button" data-variant="primary" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Creatorflow support request')}`}>
            Email Support
          </a>
        </p>
      </section>
      <section className="cf-card" aria-labelledby="cf-support-self">
        <h2 id="cf-support-self">Help yourself</h2>
        <ul>
          <li>
            <Link href="/help">Help Center</Link>: answers to common questions and video tutorials
          </li>
          <li>
            <Link href="/docs/dashboard">Dashboard guide</Link>
          </li>
          <li>
            <Link href="/docs/api">API reference</Link>
          </li>
        </ul>
      </section>
      <section className="cf-card" id="status" aria-labelledby="cf-support-status">
        <h2 id="cf-support-status">System status</h2>
        <p className="cf-status-ok">All systems operational</p>
        <p className="cf-muted">
          Planned work is announced on the <Link href="/maintenance">maintenance page</Link>.
        </p>
      </section>
    </article>
  );
}
