import { useEffect, useId, useState } from 'react';
import { problemOf, type Message } from '../../lib/domain/messages';
import { INTEGRATION_TABS } from '../../lib/domain/developer';
import type { Integration } from '../../lib/domain/types';
import type { ShopConnection, ShopSlug } from '../../lib/sync/team-api';
import { integrationDescriptionIn } from '../../lib/i18n/integrations';
import { adminBaseStyles } from '../ui/adminStyles';
import { BlockedNote, ScreenTitle } from '../ui/AdminScreen';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { useT } from '../ui/i18n';
import { useStore } from '../ui/store-context';
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
      <ShopUrlForm key={int.shopUrl} value={int.shopUrl} blocked={int.shopUrlBlocked} onSave={int.saveShopUrl} />
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
  onSave(config: { apiKey: string; webhookUrl: string }): Promise<Message | null>;
}) {
  const saved = integration.credentials;
  // Saved credentials are never shown again: their hints, and Replace to enter new ones.
  const [replacing, setReplacing] = useState(!saved);
  const [apiKey, setApiKey] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [saving, setSaving] = useState(false);
  const { t, say } = useT();
  const shop = SHOPS[integration.id];
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
          {say(error)}
        </p>
      )}
      {shop && <ShopWebhook shop={shop} name={integration.name} />}
    </Dialog>
  );
}

/** Integrations whose orders arrive as webhooks at the team server. */
const SHOPS: Record<string, ShopSlug | undefined> = { shopify: 'shopify' };

/**
 * The shop's side of the connection, with a team server: the address to paste into the shop's
 * webhook settings, and its webhook signing secret, handed to the server and shown afterwards
 * only as its hint.
 */
/** The brand's shop URL (https), where tracking links send visitors with the creator's code. */
function ShopUrlForm({ value, blocked, onSave }: { value: string; blocked: string | null; onSave(shopUrl: string): boolean }) {
  const id = useId();
  const { t } = useT();
  const [draft, setDraft] = useState(value);
  return (
    <section className="cf-card cf-stack" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('results.shopUrl')}</h3>
      <form
        className="cf-row"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave(draft);
        }}
      >
        <div className="cf-field">
          <label htmlFor={`${id}-url`}>{t('results.shopUrl')}</label>
          <input
            id={`${id}-url`}
            className="cf-input"
            type="url"
            inputMode="url"
            value={draft}
            disabled={Boolean(blocked)}
            aria-describedby={`${id}-help`}
            onChange={(event) => setDraft(event.target.value)}
          />
          <p id={`${id}-help`} className="cf-muted">
            {blocked ?? t('results.shopUrlHelp')}
          </p>
        </div>
        <Button type="submit" variant="primary" disabledReason={blocked}>
          {t('results.saveShopUrl')}
        </Button>
      </form>
    </section>
  );
}

function ShopWebhook({ shop, name }: { shop: ShopSlug; name: string }) {
  const store = useStore();
  const { t, say } = useT();
  const [connection, setConnection] = useState<ShopConnection | null>(null);
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<Message | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let live = true;
    void store.admin.shopConnection(shop).then((answer) => {
      if (!live) return;
      if (answer.ok) setConnection(answer.value);
      else setProblem(problemOf(answer));
    });
    return () => {
      live = false;
    };
  }, [store, shop]);
  const save = () => {
    if (saving) return;
    setSaving(true);
    setSaved(false);
    void store.admin.saveShopSigningSecret(shop, secret).then((answer) => {
      setSaving(false);
      if (!answer.ok) return setProblem(problemOf(answer));
      setProblem(null);
      setConnection(answer.value);
      setSecret('');
      setSaved(true);
    });
  };
  if (!connection)
    return problem ? (
      <p role="alert" className="cf-error">
        {say(problem)}
      </p>
    ) : null;
  return (
    <section className="cf-stack" aria-label={t('integrations.shop.section', { name })}>
      <h3>{t('integrations.shop.section', { name })}</h3>
      <div className="cf-field">
        <label htmlFor="cf-shop-webhook-address">{t('integrations.shop.address', { name })}</label>
        <input id="cf-shop-webhook-address" className="cf-input" readOnly value={connection.webhookUrl} onFocus={(e) => e.currentTarget.select()} />
        <p className="cf-muted cf-small">{t('integrations.shop.addressHelp', { name })}</p>
      </div>
      <div className="cf-field">
        <label htmlFor="cf-shop-signing-secret">{t('integrations.shop.secret')}</label>
        <input id="cf-shop-signing-secret" className="cf-input" type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} />
        <p className="cf-muted cf-small">
          {connection.signingSecret.configured
            ? t('integrations.shop.secretSaved', { hint: t('integrations.keyHint', { hint: connection.signingSecret.hint }) })
            : t('integrations.shop.secretMissing', { name })}
        </p>
      </div>
      <div>
        <Button onClick={save} disabledReason={saving ? t('integrations.saving') : secret.trim() ? null : t('integrations.shop.secretRequired')}>
          {t('integrations.shop.saveSecret')}
        </Button>
      </div>
      {saved && <p role="status">{t('integrations.shop.secretStored')}</p>}
      {problem && (
        <p role="alert" className="cf-error">
          {say(problem)}
        </p>
      )}
    </section>
  );
}
