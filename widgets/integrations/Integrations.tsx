import { useState } from 'react';
import { INTEGRATION_TABS } from '../../lib/domain/developer';
import type { Integration } from '../../lib/domain/types';
import { formatDateTime } from '../../lib/format';
import { adminBaseStyles } from '../settings/sharedStyles';
import { BlockedNote, ScreenTitle } from '../settings/shared';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
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
  const lastSync = (i: Integration) => (i.lastSync ? `Last sync ${formatDateTime(i.lastSync, int.timeZone)}` : 'Never synced');

  return (
    <div className="cf-stack" part="integrations">
      <ScreenTitle embedded={embedded}>Integrations</ScreenTitle>
      <BlockedNote reason={int.blocked} />
      <section className="cf-card cf-stack" aria-labelledby="cf-connected-title">
        <h3 id="cf-connected-title">Connected Services</h3>
        {int.connected.length === 0 ? (
          <p className="cf-muted">No services connected yet.</p>
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
      <Tabs label="Integration categories" items={INTEGRATION_TABS} value={int.tab} onValueChange={(v: IntegrationTab) => int.setTab(v)}>
        <ul className="cf-integration-grid" aria-label="Services">
          {int.integrations.map((i) => {
            const busy = int.connecting.includes(i.id);
            return (
              <li key={i.id} className="cf-card cf-stack cf-integration-card">
                <div className="cf-row">
                  <h3>{i.name}</h3>
                  <span className="cf-spacer" />
                  <Badge color={i.status === 'connected' ? 'green' : 'gray'}>{busy ? 'Connecting…' : i.status === 'connected' ? 'Connected' : 'Disconnected'}</Badge>
                </div>
                <p className="cf-muted">{i.description}</p>
                {i.status === 'connected' && <p className="cf-muted cf-small">{lastSync(i)}</p>}
                <div className="cf-row">
                  {i.status === 'connected' ? (
                    <>
                      <Button size="small" aria-label={`Configure ${i.name}`} disabledReason={int.blocked} onClick={() => setConfiguringId(i.id)}>
                        Configure
                      </Button>
                      <Button size="small" variant="ghost" aria-label={`Disconnect ${i.name}`} disabledReason={int.blocked} onClick={() => setDisconnecting(i)}>
                        Disconnect
                      </Button>
                    </>
                  ) : (
                    <Button
                      size="small"
                      variant="primary"
                      aria-label={`Connect ${i.name}`}
                      disabledReason={int.blocked ?? (busy ? 'Connecting…' : null)}
                      onClick={() => setConfiguringId(i.id)}
                    >
                      Connect
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
        title={`Disconnect ${disconnecting?.name ?? ''}?`}
        confirmLabel="Disconnect"
        onConfirm={() => {
          if (disconnecting) int.disconnect(disconnecting.id);
          setDisconnecting(null);
        }}
      >
        <p>Creatorflow stops syncing with {disconnecting?.name}. Its API key is kept, so you can connect it again later.</p>
      </ConfirmDialog>
      {configuring && (
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
  onSave(config: { apiKey: string; webhookUrl: string }): string | null;
}) {
  const [apiKey, setApiKey] = useState(integration.apiKey ?? '');
  const [webhookUrl, setWebhookUrl] = useState(integration.webhookUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Configure Integration"
      onSubmit={() => {
        const problem = onSave({ apiKey, webhookUrl });
        setError(problem);
        if (!problem) onClose();
      }}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary">
            Save Configuration
          </Button>
        </>
      }
    >
      <p className="cf-muted">{integration.name}</p>
      <div className="cf-field">
        <label htmlFor="cf-integration-key">API Key</label>
        <input id="cf-integration-key" className="cf-input" type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
      </div>
      <div className="cf-field">
        <label htmlFor="cf-integration-webhook">Webhook URL</label>
        <input
          id="cf-integration-webhook"
          className="cf-input"
          type="url"
          placeholder="https://example.com/webhooks/creatorflow"
          value={webhookUrl}
          onChange={(e) => setWebhookUrl(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="cf-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
