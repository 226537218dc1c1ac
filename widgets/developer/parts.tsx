import { useMemo, useState } from 'react';
import type { ApiEndpointDoc } from '../../lib/domain/types';
import { API_BASE_URL } from '../../lib/sample/developer';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { DataTable } from '../ui/DataTable';
import { Dialog } from '../ui/Dialog';
import { useT } from '../ui/i18n';
import { ApiParametersTable } from './ApiParametersTable';
import { sdkExampleFiles } from './sdk-examples';
import type { DeveloperTab } from './useDeveloperController';

export const TABS: { value: DeveloperTab; label: string }[] = [
  { value: 'api', label: 'API Reference' },
  { value: 'webhooks', label: 'Webhooks' },
  { value: 'sdk', label: 'SDK Examples' },
];

/** The tabs in the screens' language. */
export function useTabs(): { value: DeveloperTab; label: string }[] {
  const { t } = useT();
  return [
    { value: 'api', label: t('developer.tab.api') },
    { value: 'webhooks', label: t('developer.tab.webhooks') },
    { value: 'sdk', label: t('developer.tab.sdk') },
  ];
}

const METHOD_COLOR = { GET: 'green', POST: 'blue', PUT: 'yellow', PATCH: 'yellow', DELETE: 'red' } as const;
const STATUS_TEXT: Record<number, string> = { 200: '200 OK', 201: '201 Created' };

const SDK_LABEL = { client: 'developer.sdk.client', curl: 'developer.sdk.curl', receiver: 'developer.sdk.receiver' } as const;

/** The page's own origin: the team server the screen talks to (the placeholder address elsewhere). */
function currentBaseUrl() {
  const origin = typeof location === 'undefined' ? '' : location.origin;
  return /^https?:\/\//.test(origin) ? origin : API_BASE_URL;
}

/** The client, curl and a webhook receiver, each with a copy button; keys stay placeholders. */
export function SdkExamples({ baseUrl }: { baseUrl?: string } = {}) {
  const examples = useMemo(() => sdkExampleFiles(baseUrl ?? currentBaseUrl()), [baseUrl]);
  const { t } = useT();
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className="cf-stack">
      <h3>{t('developer.tab.sdk')}</h3>
      <p>{t('developer.sdk.intro')}</p>
      {examples.map((example) => {
        const label = t(SDK_LABEL[example.id]);
        return (
          <section key={example.id} className="cf-stack" aria-label={t('developer.exampleLabel', { label })}>
            <div className="cf-row">
              <h4>{label}</h4>
              <Button
                size="small"
                aria-label={t('developer.sdk.copy', { label })}
                onClick={() =>
                  void (navigator.clipboard ? navigator.clipboard.writeText(example.code) : Promise.reject(new Error('no clipboard'))).then(
                    () => setCopied(example.id),
                    () => setCopied(`failed:${example.id}`),
                  )
                }
              >
                {copied === example.id ? t('developer.sdk.copied') : t('developer.sdk.copyShort')}
              </Button>
            </div>
            {copied === `failed:${example.id}` && <p role="alert">{t('developer.sdk.copyFailed')}</p>}
            <pre className="cf-code">
              <code>{example.code}</code>
            </pre>
          </section>
        );
      })}
    </div>
  );
}

export function Endpoint({ doc }: { doc: ApiEndpointDoc }) {
  const title = `${doc.method} ${doc.path}`;
  const { t } = useT();
  return (
    <article className="cf-card cf-stack" aria-label={title}>
      <div className="cf-row">
        <Badge color={METHOD_COLOR[doc.method]}>{doc.method}</Badge>
        <code className="cf-endpoint-path">{doc.path}</code>
      </div>
      <p>{doc.description}</p>
      <ApiParametersTable doc={doc} />
      <h4>{t('developer.response', { status: doc.statusCode ? (STATUS_TEXT[doc.statusCode] ?? doc.statusCode) : '' }).trim()}</h4>
      <pre className="cf-code" aria-label={t('developer.responseExample', { endpoint: title })}>
        <code>{doc.response}</code>
      </pre>
    </article>
  );
}


const DELIVERY_STATUS_COLOR = { delivered: 'green', failed: 'red', pending: 'yellow' } as const;

/** One row of Recent events: a webhook event and how its delivery went. */
export interface DeliveryRow {
  id: string;
  type: string;
  /** When it happened (ISO). */
  time: string;
  status: 'delivered' | 'failed' | 'pending';
  /** The receiver's last HTTP status, shown beside a status other than delivered. */
  statusCode?: number | null;
  /** The endpoint's URL, for the Endpoint column. */
  endpoint?: string;
  /** Delivery attempts so far, for the Attempts column. */
  attempts?: number;
  /** What View Payload shows, as JSON. */
  payload: unknown;
}

/**
 * Recent events, in the sample workspace and on a team server: a loading line while `rows` is
 * null, an empty line, or the table with View Payload. The Endpoint and Attempts columns show
 * when asked for (a team server delivers to several endpoints, and retries).
 */
export function DeliveriesTable({
  rows,
  timeZone,
  showEndpoint = false,
  showAttempts = false,
}: {
  rows: readonly DeliveryRow[] | null;
  timeZone: string;
  /** Default false. */
  showEndpoint?: boolean;
  /** Default false. */
  showAttempts?: boolean;
}) {
  const [payloadOf, setPayloadOf] = useState<DeliveryRow | null>(null);
  const { t, formatDateTime } = useT();
  return (
    <section className="cf-stack" aria-labelledby="cf-webhook-events-title">
      <h4 id="cf-webhook-events-title">{t('developer.recentEvents')}</h4>
      {rows === null ? (
        <p className="cf-muted">{t('developer.team.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="cf-muted">{t('developer.noEvents')}</p>
      ) : (
        <DataTable
          labelledBy="cf-webhook-events-title"
          rows={rows}
          rowKey={(row) => row.id}
          columns={[
            { key: 'event', header: t('developer.col.event'), render: (row) => <code>{row.type}</code> },
            ...(showEndpoint ? [{ key: 'endpoint', header: t('developer.team.col.endpoint'), render: (row: DeliveryRow) => row.endpoint }] : []),
            { key: 'time', header: t('developer.col.time'), render: (row) => formatDateTime(row.time, timeZone) },
            {
              key: 'status',
              header: t('developer.col.status'),
              render: (row) => (
                <>
                  <Badge color={DELIVERY_STATUS_COLOR[row.status]}>{t(`developer.status.${row.status}`)}</Badge>
                  {row.statusCode != null && row.status !== 'delivered' && <span className="cf-muted"> (HTTP {row.statusCode})</span>}
                </>
              ),
            },
            ...(showAttempts ? [{ key: 'attempts', header: t('developer.team.col.attempts'), render: (row: DeliveryRow) => row.attempts }] : []),
            {
              key: 'payload',
              header: t('developer.col.payload'),
              render: (row) => (
                <Button size="small" aria-label={t('developer.viewPayloadLabel', { type: row.type, id: row.id })} onClick={() => setPayloadOf(row)}>
                  {t('developer.viewPayload')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Dialog open={Boolean(payloadOf)} onOpenChange={(open) => !open && setPayloadOf(null)} title={payloadOf ? t('developer.payloadOf', { type: payloadOf.type }) : t('developer.col.payload')}>
        {payloadOf && (
          <pre className="cf-code" aria-label={t('developer.payloadJson')}>
            <code>{JSON.stringify(payloadOf.payload, null, 2)}</code>
          </pre>
        )}
      </Dialog>
    </section>
  );
}
