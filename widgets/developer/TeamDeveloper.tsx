import { useState } from 'react';
import { ROLES, WEBHOOK_EVENT_TYPES, type Role } from '../../lib/domain/types';
import { roleIn } from '../../lib/i18n/roles';
import type { DeveloperClient } from '../../lib/developer/client';
import { BlockedNote, ScreenTitle } from '../ui/AdminScreen';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { DataTable } from '../ui/DataTable';
import { Dialog } from '../ui/Dialog';
import { SearchField } from '../ui/SearchField';
import { Select } from '../ui/Select';
import { Tabs } from '../ui/Tabs';
import { toast } from '../ui/toast';
import { DeliveriesTable, Endpoint, SdkExamples, useTabs } from './parts';
import { useT } from '../ui/i18n';
import { endpointDisabledReasonIn } from '../../lib/i18n/server-errors';
import type { DeveloperTab } from './useDeveloperController';
import { useTeamDeveloper, type TeamDeveloper } from './useTeamDeveloper';


/** The Developer area with the team server's real keys, webhook endpoints and deliveries. */
export function TeamDeveloperView({ client, embedded, timeZone }: { client: DeveloperClient; embedded: boolean; timeZone: string }) {
  const [tab, setTab] = useState<DeveloperTab>('api');
  const dev = useTeamDeveloper(client, { watchWebhooks: tab === 'webhooks' });
  const { t } = useT();
  const tabs = useTabs();
  return (
    <div className="cf-stack" part="developer">
      <ScreenTitle embedded={embedded}>{t('settings.tab.developer')}</ScreenTitle>
      {dev.error && (
        <p role="alert" className="cf-error">
          {dev.error}
        </p>
      )}
      {dev.refused ? <BlockedNote reason={dev.refused} /> : <ApiKeys dev={dev} timeZone={timeZone} />}
      <Tabs<DeveloperTab> label={t('developer.sections')} orientation="vertical" items={tabs} value={tab} onValueChange={setTab}>
        {tab === 'api' && (
          <div className="cf-stack">
            <h3>{t('developer.tab.api')}</h3>
            <SearchField landmark label={t('developer.searchEndpoints')} placeholder={t('developer.searchPlaceholder')} value={dev.search} onValueChange={dev.setSearch} />
            {dev.endpointDocs === null && <p className="cf-muted">{t('developer.team.loading')}</p>}
            {dev.endpointDocs?.length === 0 && <p className="cf-empty">{t('developer.noEndpoints', { search: dev.search })}</p>}
            {dev.endpointDocs?.map((doc) => <Endpoint key={`${doc.method} ${doc.path}`} doc={doc} />)}
          </div>
        )}
        {tab === 'webhooks' && (dev.refused ? <BlockedNote reason={dev.refused} /> : <Webhooks dev={dev} timeZone={timeZone} />)}
        {tab === 'sdk' && <SdkExamples />}
      </Tabs>
      <Dialog open={Boolean(dev.shown)} onOpenChange={(open) => !open && dev.closeSecret()} title={dev.shown?.title ?? t('developer.team.secret')}>
        {dev.shown && <SecretOnce label={dev.shown.label} secret={dev.shown.secret} />}
      </Dialog>
    </div>
  );
}

function SecretOnce({ label, secret }: { label: string; secret: string }) {
  const { t } = useT();
  return (
    <div className="cf-stack">
      <p>{t('developer.team.copyNow')}</p>
      <code className="cf-api-key" aria-label={label}>
        {secret}
      </code>
      <div>
        <Button
          size="small"
          onClick={() =>
            void (async () => {
              try {
                if (!navigator.clipboard) throw new Error(t('developer.team.noClipboard'));
                await navigator.clipboard.writeText(secret);
                toast.success(t('developer.team.copied', { label }));
              } catch (error) {
                toast.error(t('developer.team.copyFailed', { message: error instanceof Error ? error.message : String(error) }));
              }
            })()
          }
        >
          {t('developer.copy')}
        </Button>
      </div>
    </div>
  );
}

function ApiKeys({ dev, timeZone }: { dev: TeamDeveloper; timeZone: string }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('Viewer');
  const [origins, setOrigins] = useState('');
  const [confirm, setConfirm] = useState<{ kind: 'regenerate' | 'revoke'; id: string; lastFour: string } | null>(null);
  const i18n = useT();
  const { t, formatDateTime } = i18n;
  const roleOptions = ROLES.map((value) => ({ value, label: roleIn(i18n, value) }));
  return (
    <section className="cf-card cf-stack" aria-labelledby="cf-api-keys-title">
      <h3 id="cf-api-keys-title">{t('developer.team.apiKeys')}</h3>
      <p className="cf-muted">{t('developer.team.apiKeysHint')}</p>
      <form
        className="cf-row"
        onSubmit={(event) => {
          event.preventDefault();
          const allowedOrigins = origins.split(/[\s,]+/).filter(Boolean);
          void dev.createKey({ name: name.trim(), role, ...(allowedOrigins.length ? { allowedOrigins } : {}) }).then((ok) => {
            if (!ok) return;
            setName('');
            setOrigins('');
          });
        }}
      >
        <div className="cf-field">
          <label htmlFor="cf-key-name">{t('developer.team.keyName')}</label>
          <input id="cf-key-name" className="cf-input" value={name} maxLength={100} placeholder={t('developer.team.keyNamePlaceholder')} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="cf-field">
          <label htmlFor="cf-key-role">{t('developer.team.role')}</label>
          <Select<Role> id="cf-key-role" options={roleOptions} value={role} onValueChange={setRole} />
        </div>
        <div className="cf-field">
          <label htmlFor="cf-key-origins">{t('developer.team.origins')}</label>
          <input
            id="cf-key-origins"
            className="cf-input"
            value={origins}
            placeholder="https://portal.example.com"
            aria-describedby="cf-key-origins-hint"
            onChange={(e) => setOrigins(e.target.value)}
          />
          <span id="cf-key-origins-hint" className="cf-muted">
            {t('developer.team.originsHint')}
          </span>
        </div>
        <Button type="submit" variant="primary">
          {t('developer.team.createKey')}
        </Button>
      </form>
      {dev.keys === null ? (
        <p className="cf-muted">{t('developer.team.loading')}</p>
      ) : dev.keys.length === 0 ? (
        <p className="cf-muted">{t('developer.team.noKeys')}</p>
      ) : (
        <DataTable
          labelledBy="cf-api-keys-title"
          rows={dev.keys}
          rowKey={(key) => key.id}
          columns={[
            { key: 'name', header: t('developer.team.col.name'), render: (key) => key.name || '—' },
            { key: 'key', header: t('developer.team.col.key'), render: (key) => <code>sk_test_••••{key.lastFour}</code> },
            { key: 'role', header: t('developer.team.role'), render: (key) => roleIn(i18n, key.role) },
            { key: 'created', header: t('developer.team.col.created'), render: (key) => formatDateTime(key.createdAt, timeZone) },
            {
              key: 'lastUsed',
              header: t('developer.team.col.lastUsed'),
              render: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt, timeZone) : t('developer.team.never')),
            },
            {
              key: 'status',
              header: t('developer.col.status'),
              render: (key) => (key.revokedAt ? <Badge color="red">{t('developer.team.revoked')}</Badge> : <Badge color="green">{t('developer.team.active')}</Badge>),
            },
            {
              key: 'actions',
              header: t('developer.team.col.actions'),
              render: (key) =>
                !key.revokedAt && (
                  <div className="cf-row">
                    <Button size="small" aria-label={t('developer.team.regenerateLabel', { lastFour: key.lastFour })} onClick={() => setConfirm({ kind: 'regenerate', id: key.id, lastFour: key.lastFour })}>
                      {t('developer.regenerate')}
                    </Button>
                    <Button size="small" variant="danger" aria-label={t('developer.team.revokeLabel', { lastFour: key.lastFour })} onClick={() => setConfirm({ kind: 'revoke', id: key.id, lastFour: key.lastFour })}>
                      {t('developer.team.revoke')}
                    </Button>
                  </div>
                ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        open={confirm?.kind === 'regenerate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('developer.regenerateTitle')}
        confirmLabel={t('developer.regenerateConfirm')}
        onConfirm={() => {
          if (confirm) void dev.regenerateKey(confirm.id);
          setConfirm(null);
        }}
      >
        <p>{t('developer.regenerateBody')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm?.kind === 'revoke'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('developer.team.revokeTitle')}
        confirmLabel={t('developer.team.revokeConfirm')}
        onConfirm={() => {
          if (confirm) void dev.revokeKey(confirm.id);
          setConfirm(null);
        }}
      >
        <p>{t('developer.team.revokeBody', { lastFour: confirm?.lastFour ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}

function Webhooks({ dev, timeZone }: { dev: TeamDeveloper; timeZone: string }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...WEBHOOK_EVENT_TYPES]);
  const i18n = useT();
  const { t } = i18n;
  const urlOf = (id: string) => dev.endpoints.find((e) => e.id === id)?.url ?? t('developer.team.removedEndpoint');
  return (
    <div className="cf-stack">
      <h3>{t('developer.tab.webhooks')}</h3>
      <form
        className="cf-card cf-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void dev.addEndpoint({ url, events }).then((ok) => ok && setUrl(''));
        }}
      >
        <div className="cf-field">
          <label htmlFor="cf-webhook-url">{t('developer.endpointUrl')}</label>
          <input id="cf-webhook-url" className="cf-input" type="url" placeholder="https://example.com/webhooks" value={url} onChange={(e) => setUrl(e.target.value)} />
        </div>
        <fieldset className="cf-webhook-events">
          <legend>{t('developer.eventTypes')}</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="cf-check">
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={() => setEvents((current) => (current.includes(type) ? current.filter((t) => t !== type) : [...current, type]))}
              />
              <code>{type}</code>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" variant="primary">
            {t('developer.team.addEndpoint')}
          </Button>
        </div>
      </form>
      <section className="cf-stack" aria-labelledby="cf-webhook-endpoints-title">
        <h4 id="cf-webhook-endpoints-title">{t('developer.team.endpoints')}</h4>
        {dev.endpoints.length === 0 ? (
          <p className="cf-muted">{t('developer.team.noEndpoints')}</p>
        ) : (
          <ul className="cf-stack" aria-labelledby="cf-webhook-endpoints-title">
            {dev.endpoints.map((endpoint) => (
              <li key={endpoint.id} className="cf-card cf-stack">
                <div className="cf-row">
                  <code>{endpoint.url}</code>
                  {endpoint.disabledAt ? <Badge color="red">{t('developer.team.disabled')}</Badge> : <Badge color="green">{t('developer.team.endpointActive')}</Badge>}
                </div>
                <p className="cf-muted">{endpoint.events.join(', ')}</p>
                {endpoint.disabledReason && <p className="cf-muted">{endpointDisabledReasonIn(i18n, endpoint.disabledReason)}</p>}
                <div className="cf-row">
                  {endpoint.disabledAt ? (
                    <Button size="small" onClick={() => void dev.enableEndpoint(endpoint)}>
                      {t('developer.team.enable')}
                    </Button>
                  ) : (
                    <Button size="small" aria-label={t('developer.team.sendTestLabel', { url: endpoint.url })} onClick={() => void dev.sendTestEvent(endpoint.id)}>
                      {t('developer.team.sendTest')}
                    </Button>
                  )}
                  <Button size="small" aria-label={t('developer.team.signingSecretLabel', { url: endpoint.url })} onClick={() => void dev.showSecret(endpoint)}>
                    {t('developer.team.signingSecret')}
                  </Button>
                  <Button size="small" variant="danger" aria-label={t('developer.team.removeLabel', { url: endpoint.url })} onClick={() => void dev.removeEndpoint(endpoint.id)}>
                    {t('developer.team.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <DeliveriesTable
        rows={
          dev.deliveries?.map((delivery) => ({
            id: delivery.id,
            type: delivery.type,
            time: delivery.createdAt,
            status: delivery.status,
            statusCode: delivery.lastStatusCode,
            endpoint: urlOf(delivery.endpointId),
            attempts: delivery.attempts,
            payload: delivery.payload,
          })) ?? null
        }
        timeZone={timeZone}
        showEndpoint
        showAttempts
      />
    </div>
  );
}
