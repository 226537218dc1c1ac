import { useState } from 'react';
import { maskApiKey } from '../../lib/domain/developer';
import { WEBHOOK_EVENT_TYPES } from '../../lib/domain/types';
import { adminBaseStyles } from '../ui/adminStyles';
import { BlockedNote, ScreenTitle } from '../ui/AdminScreen';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Button } from '../ui/Button';
import { Screen } from '../ui/Screen';
import { Tabs } from '../ui/Tabs';
import { showResult } from '../ui/toast';
import { developerStyles } from './styles';
import { DeliveriesTable, Endpoint, SdkExamples, useTabs } from './parts';
import { useT } from '../ui/i18n';
import { TeamDeveloperView } from './TeamDeveloper';
import { useDeveloperController, type DeveloperTab } from './useDeveloperController';
import { SearchField } from '../ui/SearchField';

export interface DeveloperProps {}


/** Developer area at /developer (spec §2 "Developer area"). */
export function Developer(_props: DeveloperProps) {
  return (
    <Screen name="Developer" styles={adminBaseStyles + developerStyles} part="root">
      <DeveloperView />
    </Screen>
  );
}

/** The developer area body; inside Settings (`embedded`) its title is an h2. */
export function DeveloperView({ embedded = false }: { embedded?: boolean }) {
  const dev = useDeveloperController();
  if (dev.server) return <TeamDeveloperView client={dev.server} embedded={embedded} timeZone={dev.timeZone} />;
  return <SampleDeveloperView dev={dev} embedded={embedded} />;
}

/** Without a team server: the workspace's own sample key and events, labelled as samples. */
function SampleDeveloperView({ dev, embedded }: { dev: Dev; embedded: boolean }) {
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const { t } = useT();
  const tabs = useTabs();
  return (
    <div className="cf-stack" part="developer">
      <ScreenTitle embedded={embedded}>{t('settings.tab.developer')}</ScreenTitle>
      <p className="cf-muted" role="note">
        {t('developer.sampleNote')}
      </p>
      <section className="cf-card cf-stack" aria-labelledby="cf-api-key-title">
        <h3 id="cf-api-key-title">{t('developer.apiKey')}</h3>
        <p className="cf-muted">{t('developer.apiKeyHint')}</p>
        <div className="cf-row">
          <code className="cf-api-key" aria-label={t('developer.apiKeyLabel')}>
            {revealed ? dev.apiKey : maskApiKey(dev.apiKey)}
          </code>
          <Button size="small" variant="ghost" aria-pressed={revealed} onClick={() => setRevealed((v) => !v)}>
            {revealed ? t('developer.hide') : t('developer.show')}
          </Button>
          <Button size="small" onClick={() => void dev.copyApiKey()}>
            {t('developer.copy')}
          </Button>
          <Button size="small" variant="danger" disabledReason={dev.keyBlocked} onClick={() => setConfirmRegenerate(true)}>
            {t('developer.regenerate')}
          </Button>
        </div>
      </section>
      <ConfirmDialog
        open={confirmRegenerate}
        onOpenChange={setConfirmRegenerate}
        title={t('developer.regenerateTitle')}
        confirmLabel={t('developer.regenerateConfirm')}
        onConfirm={() => {
          dev.regenerateApiKey();
          setConfirmRegenerate(false);
        }}
      >
        <p>{t('developer.regenerateBody')}</p>
      </ConfirmDialog>
      <Tabs<DeveloperTab> label={t('developer.sections')} orientation="vertical" items={tabs} value={dev.tab} onValueChange={dev.setTab}>
        {dev.tab === 'api' && <ApiReference dev={dev} />}
        {dev.tab === 'webhooks' && <Webhooks dev={dev} />}
        {dev.tab === 'sdk' && <SdkExamples />}
      </Tabs>
    </div>
  );
}

type Dev = ReturnType<typeof useDeveloperController>;

function ApiReference({ dev }: { dev: Dev }) {
  const { t } = useT();
  return (
    <div className="cf-stack">
      <h3>{t('developer.tab.api')}</h3>
      <SearchField landmark label={t('developer.searchEndpoints')} placeholder={t('developer.searchPlaceholder')} value={dev.search} onValueChange={dev.setSearch} />
      {dev.endpoints.length === 0 && <p className="cf-empty">{t('developer.noEndpoints', { search: dev.search })}</p>}
      {dev.endpoints.map((doc) => (
        <Endpoint key={`${doc.method} ${doc.path}`} doc={doc} />
      ))}
    </div>
  );
}

function Webhooks({ dev }: { dev: Dev }) {
  const [endpointUrl, setEndpointUrl] = useState(dev.webhook.endpointUrl);
  const [events, setEvents] = useState<string[]>([...dev.webhook.events]);
  const [error, setError] = useState<string | null>(null);
  const disabled = Boolean(dev.webhookBlocked);
  const { t } = useT();
  return (
    <div className="cf-stack">
      <h3>{t('developer.tab.webhooks')}</h3>
      <BlockedNote reason={dev.webhookBlocked} />
      <form
        className="cf-card cf-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const result = dev.saveWebhookSettings({ endpointUrl, events });
          setError(result.ok ? null : result.error);
          showResult(result);
        }}
      >
        <div className="cf-field">
          <label htmlFor="cf-webhook-url">{t('developer.endpointUrl')}</label>
          <input
            id="cf-webhook-url"
            className="cf-input"
            type="url"
            placeholder="https://example.com/webhooks"
            value={endpointUrl}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'cf-webhook-error' : undefined}
            onChange={(e) => setEndpointUrl(e.target.value)}
          />
        </div>
        <fieldset className="cf-webhook-events">
          <legend>{t('developer.eventTypes')}</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="cf-check">
              <input
                type="checkbox"
                checked={events.includes(type)}
                disabled={disabled}
                onChange={() => setEvents((current) => (current.includes(type) ? current.filter((t) => t !== type) : [...current, type]))}
              />
              <code>{type}</code>
            </label>
          ))}
        </fieldset>
        {error && (
          <p id="cf-webhook-error" role="alert" className="cf-error">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" variant="primary" disabledReason={dev.webhookBlocked}>
            {t('developer.saveWebhooks')}
          </Button>
        </div>
      </form>
      <DeliveriesTable
        rows={dev.events.map((event) => ({
          id: event.id,
          type: event.type,
          time: event.timestamp,
          status: event.status,
          payload: { id: event.id, type: event.type, created: event.timestamp, data: event.payload },
        }))}
        timeZone={dev.timeZone}
      />
    </div>
  );
}
