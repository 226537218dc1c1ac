import { useMemo } from 'react';
import type { ApiEndpointDoc } from '../../lib/domain/types';
import { sdkExamples } from '../../lib/sample/developer';
import { Badge } from '../ui/Badge';
import { useT } from '../ui/i18n';
import { ApiParametersTable } from './ApiParametersTable';
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

export function SdkExamples() {
  const examples = useMemo(() => sdkExamples(), []);
  const { t } = useT();
  return (
    <div className="cf-stack">
      <h3>{t('developer.tab.sdk')}</h3>
      {examples.map((example) => (
        <section key={example.id} className="cf-stack" aria-label={t('developer.exampleLabel', { label: example.label })}>
          <h4>{example.label}</h4>
          <pre className="cf-code">
            <code>{example.code}</code>
          </pre>
        </section>
      ))}
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

