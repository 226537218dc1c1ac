// Documentation pages the Help center links to (/docs/dashboard, /docs/api).
import { useEffect, useState } from 'react';
import { endpointDocsFromOpenApi } from '../../lib/domain/developer';
import { FUNNEL_STATUSES, type ApiEndpointDoc } from '../../lib/domain/types';
import { developerClient } from '../../lib/developer/client';
import { API_ENDPOINTS } from '../../lib/sample/developer';
import { ApiParametersTable } from '../../widgets/developer/ApiParametersTable';
import { Link } from '../../widgets/ui/navigation';
import { useT } from '../../widgets/ui/i18n';
import { EnglishOnly, StaticPage, useScrollToHash } from './shared';

export function DocsDashboard() {
  return (
    <StaticPage name="Dashboard documentation">
      <DashboardGuide />
    </StaticPage>
  );
}

function DashboardGuide() {
  useScrollToHash();
  const { t } = useT();
  return (
    <article className="cf-page cf-stack">
      <h1>{t('pages.docs.dashboardTitle')}</h1>
      <EnglishOnly>
      <section id="getting-started">
        <h2>Getting started</h2>
        <ol>
          <li>
            Run the <Link href="/onboarding">onboarding wizard</Link>: connect your stores, set automation defaults and invite your team.
          </li>
          <li>Create a funnel per creator with the New Funnel wizard: creator details, campaign objectives and deliverables.</li>
          <li>Move each creator through the funnel steps from the creator&apos;s page.</li>
        </ol>
      </section>
      <section id="stages">
        <h2>Funnel stages</h2>
        <p>Every creator moves through these stages, in order: {FUNNEL_STATUSES.join(', ')}.</p>
        <p>Brief is the initial outreach, Confirmation means the creator agreed, Contract is the paperwork, Production is content creation and Shipped means the product was delivered.</p>
      </section>
      <section id="search-and-filters">
        <h2>Search and filters</h2>
        <p>The dashboard search matches a creator&apos;s name or funnel id. Filters match status or category; each active filter shows as a removable chip, and Clear all removes them.</p>
        <p>The search box in the top bar suggests creators, funnels and pages after you type three characters.</p>
      </section>
      <section id="analytics">
        <h2>Analytics</h2>
        <p>
          <Link href="/analytics">Analytics</Link> is computed from your own funnels and orders for the chosen period (last 6 or 12 months).
        </p>
      </section>
      </EnglishOnly>
    </article>
  );
}


/** The team server's endpoints, from its OpenAPI document; without a server, the documented sample. */
function useApiEndpoints(): readonly ApiEndpointDoc[] {
  const [docs, setDocs] = useState<readonly ApiEndpointDoc[]>(() => (developerClient() ? [] : API_ENDPOINTS));
  useEffect(() => {
    const client = developerClient();
    if (!client) return;
    client.openApi().then(
      (document) => setDocs(endpointDocsFromOpenApi(document)),
      () => setDocs(API_ENDPOINTS),
    );
  }, []);
  return docs;
}

export function DocsApi() {
  return (
    <StaticPage name="API documentation">
      <ApiReference />
    </StaticPage>
  );
}

function ApiReference() {
  const endpoints = useApiEndpoints();
  const { t } = useT();
  return (
      <article className="cf-page cf-stack">
        <h1>{t('pages.docs.apiTitle')}</h1>
        <EnglishOnly>
        <p>
          Authenticate with your API key from the <Link href="/developer">Developer area</Link>. Test keys start with sk_test_.
        </p>
        <section aria-labelledby="cf-api-endpoints" className="cf-stack">
          <h2 id="cf-api-endpoints">Endpoints</h2>
          {endpoints.map((endpoint) => (
            <div key={`${endpoint.method} ${endpoint.path}`} className="cf-endpoint">
              <h3>
                <code>
                  <span className="cf-method">{endpoint.method}</span>
                  {endpoint.path}
                </code>
              </h3>
              <p>{endpoint.description}</p>
              <ApiParametersTable doc={endpoint} />
              <pre aria-label={`Response example of ${endpoint.method} ${endpoint.path}`}>{endpoint.response}</pre>
            </div>
          ))}
        </section>
        <section aria-labelledby="cf-api-webhooks">
          <h2 id="cf-api-webhooks">Webhook events</h2>
          <p>Each delivery is signed with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) and retried for about a day.</p>
          <ul>
            <li>
              <code>funnel.status.updated</code>: a funnel moved to another status (one event per change).
            </li>
            <li>
              <code>creator.onboarded</code>: a creator joined the workspace (a new funnel).
            </li>
            <li>
              <code>order.created</code>: an order arrived (the Orders screen, the API, a connected shop).
            </li>
            <li>
              <code>order.status.updated</code>: an order moved to another status.
            </li>
            <li>
              <code>order.attributed</code>: a sale was attributed to a creator, its attribution was removed, or an attributed sale was refunded.
            </li>
            <li>
              <code>inventory.low_stock</code>: an item fell to its low stock threshold (once per crossing).
            </li>
          </ul>
        </section>
        </EnglishOnly>
      </article>
  );
}
