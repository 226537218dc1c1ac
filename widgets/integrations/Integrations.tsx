import { useState } from 'react';
import { INTEGRATION_TABS } from '../../lib/domain/developer';
import type { Integration } from '../../lib/domain/types';
import { integrationDescriptionIn } from '../../lib/i18n/integrations';
import { adminBaseStyles } from '../ui/adminStyles';
import { BlockedNote, ScreenTitle } from '../ui/AdminScreen';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { useT } from '../ui/i18n';
import { Screen } from '../ui/Screen';
import { Tabs } from '../ui/Tabs';
import { integrationsStyles } from './styles';
import { useIntegrationsController, type IntegrationsControllerOptions, type IntegrationTab } from './useIntegrationsController';

export interface IntegrationsProps extends IntegrationsControllerOptions {}

/** Integrations at /integrations (spec §2 "Integrations"). */
export function Integrations(props: IntegrationsProps) {
  return (
    <Screen name="Integrations" styles={adminBaseStyles + integrationsStyles} part="root">
      <IntegrationsView {...props} />
    </Screen>
  );
}

/** The integrations screen body; inside Settings (`embedded`) its title is an h2. */
export function IntegrationsView({ embedded = false, ...options }: IntegrationsProps & { embedded?: boolean }) {
  const int = useIntegrationsController(options);
  const [configuringId, setConfiguringId] = useState<string | null>(null);
  /** The service waiting for Disconnect to be confirmed: syncing stops until it is connected again. */
  const [disconnecting, setDisconnecting] = useState<Integration | null>(null);
  const configuring = int.integrations.find((i) => i.id === configuringId) ?? int.connected.find((i) => i.id === configuringId);
  const { t, formatDateTime } = useT();
  const lastSync = (i: Integration) => (i.lastSync ? t('integrations.lastSync', { date: formatDateTime(i.lastSync, int.timeZone) }) : t('integrations.neverSynced'));
  const blocked = int.blocked;
  const tabs = INTEGRATION_TABS.map((tab) => ({ ...tab, label: t(`integrations.tab.${tab.value}`) }));

  return (
    <div className="cf-stack" part="integrations">
      <ScreenTitle embedded={embedded}>{t('integrations.title')}</ScreenTitle>
      <BlockedNote reason={blocked} />
      <section className="cf-card cf-stack" aria-labelledby="cf-connected-title">
        <h3 id="cf-connected-title">{t('integrations.connectedServices')}</h3>
        {int.connected.length === 0 ? (
          <p className="cf-muted">{t('integrations.noneConnected')}</p>
        ) : (
          <ul className="cf-connected-list" aria-labelledby="cf-connected-title">
            {int.connected.map((i) => (
              <li key={i.id} className="cf-row">
                <strong>{i.name}</strong>
                <span className="cf-muted">{lastSync(i)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Tabs label={t('integrations.categories')} items={tabs} value={int.tab} onValueChange={(v: IntegrationTab) => int.setTab(v)}>
        <ul className="cf-integration-grid" aria-label={t('integrations.services')}>
          {int.integrations.map((i) => {
            const busy = int.connecting.includes(i.id);
            return (
              <li key={i.id} className="cf-card cf-stack cf-integration-card">
                <div className="cf-row">
                  <h3>{i.name}</h3>
                  <span className="cf-spacer" />
                  <Badge color={i.status === 'connected' ? 'green' : 'gray'}>{busy ? t('integrations.connecting') : i.status === 'connected' ? t('integrations.connected') : t('integrations.disconnected')}</Badge>
                </div>
                <p className="cf-muted">{integrationDescriptionIn({ t }, i)}</p>
                {i.status === 'connected' && <p className="cf-muted cf-small">{lastSync(i)}</p>}
                <div className="cf-row">
                  {i.status === 'connected' ? (
                    <>
                      {/* Configuration is for Admins: the rest of the team sees names and status only. */}
                      {!int.configureBlocked && (
                        <Button size="small" aria-label={t('integrations.configureLabel', { name: i.name })} onClick={() => setConfiguringId(i.id)}>
                          {t('integrations.configure')}
                        </Button>
                      )}
                      <Button size="small" variant="ghost" aria-label={t('integrations.disconnectLabel', { name: i.name })} disabledReason={blocked} onClick={() => setDisconnecting(i)}>
                        {t('integrations.disconnect')}
                      </Button>
                    </>
                  ) : (
                    <Button
                      size="small"
                      variant="primary"
                      aria-label={t('integrations.connectLabel', { name: i.name })}
                      disabledReason={int.configureBlocked || (busy ? t('integrations.connecting') : null)}
                      onClick={() => setConfiguringId(i.id)}
                    >
                      {t('integrations.connect')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </Tabs>
      <ConfirmDialog
        open={disconnecting !== null}
        onOpenChange={(open) => !open && setDisconnecting(null)}
        title={t('integrations.disconnectTitle', { name: disconnecting?.name ?? '' })}
        confirmLabel={t('integrations.disconnect')}
        onConfirm={() => {
          if (disconnecting) int.disconnect(disconnecting.id);
          setDisconnecting(null);
        }}
      >
        <p>{t('integrations.disconnectBody', { name: disconnecting?.name ?? '' })}</p>
      </ConfirmDialog>
      {configuring && !int.configureBlocked && (
        <ConfigureDialog
          key={configuring.id}
          integration={configuring}
          onClose={() => setConfiguringId(null)}
          onSave={(config) => int.saveConfiguration(configuring, config)}
        />
      )}
    </div>
  );
}

function ConfigureDialog({
  integration,
  onClose,
  onSave,
}: {
  integration: Integration;
  onClose(): void;
  onSave(config: { apiKey: string; webhookUrl: string }): Promise<string | null>;
}) {
  const saved = integration.credentials;
  // Saved credentials are never shown again: their hints, and Replace to enter new ones.
  const [replacing, setReplacing] = useState(!saved);
  const [apiKey, setApiKey] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { t, tm } = useT();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('integrations.configureTitle')}
      onSubmit={() => {
        if (!replacing || saving) return;
        setSaving(true);
        void onSave({ apiKey, webhookUrl }).then((problem) => {
          setSaving(false);
          setError(problem);
          if (!problem) onClose();
        });
      }}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {replacing && (
            <Button type="submit" variant="primary" disabledReason={saving ? t('integrations.saving') : null}>
              {t('integrations.save')}
            </Button>
          )}
        </>
      }
    >
      <p className="cf-muted">{integration.name}</p>
      {saved && !replacing && (
        <dl className="cf-stack cf-saved-credentials">
          <div className="cf-field">
            <dt>{t('integrations.apiKey')}</dt>
            <dd>
              <code>{saved.apiKeyHint ? t('integrations.keyHint', { hint: saved.apiKeyHint }) : t('integrations.keyHidden')}</code>
            </dd>
          </div>
          <div className="cf-field">
            <dt>{t('integrations.webhookUrl')}</dt>
            <dd>{saved.webhookHost ? t('integrations.webhookHost', { host: saved.webhookHost }) : t('integrations.noWebhook')}</dd>
          </div>
          <div>
            <Button aria-label={t('integrations.replaceLabel', { name: integration.name })} onClick={() => setReplacing(true)}>
              {t('integrations.replace')}
            </Button>
          </div>
        </dl>
      )}
      {replacing && (
        <>
          <div className="cf-field">
            <label htmlFor="cf-integration-key">{t('integrations.apiKey')}</label>
            <input id="cf-integration-key" className="cf-input" type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
          </div>
          <div className="cf-field">
            <label htmlFor="cf-integration-webhook">{t('integrations.webhookUrl')}</label>
            <input
              id="cf-integration-webhook"
              className="cf-input"
              type="url"
              placeholder={t('integrations.webhookPlaceholder')}
              value={webhookUrl}
              onChange={(e) => setWebhookUrl(e.target.value)}
            />
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="cf-error">
          {tm(error)}
        </p>
      )}
    </Dialog>
  );
}
