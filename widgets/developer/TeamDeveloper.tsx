import { useState } from 'react';
import { ROLES, WEBHOOK_EVENT_TYPES, type Role } from '../../lib/domain/types';
import type { DeveloperClient, WebhookDeliveryInfo } from '../../lib/developer/client';
import { formatDateTime } from '../../lib/format';
import { BlockedNote, ScreenTitle } from '../settings/shared';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { SearchField } from '../ui/SearchField';
import { Select } from '../ui/Select';
import { Tabs } from '../ui/Tabs';
import { toast } from '../ui/toast';
import { Endpoint, SdkExamples, TABS } from './parts';
import type { DeveloperTab } from './useDeveloperController';
import { useTeamDeveloper, type TeamDeveloper } from './useTeamDeveloper';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));
const STATUS_COLOR = { delivered: 'green', failed: 'red', pending: 'yellow' } as const;

/** The Developer area with the team server's real keys, webhook endpoints and deliveries. */
export function TeamDeveloperView({ client, embedded, timeZone }: { client: DeveloperClient; embedded: boolean; timeZone: string }) {
  const [tab, setTab] = useState<DeveloperTab>('api');
  const dev = useTeamDeveloper(client, { watchWebhooks: tab === 'webhooks' });
  return (
    <div className="cf-stack" part="developer">
      <ScreenTitle embedded={embedded}>Developer Portal</ScreenTitle>
      {dev.error && (
        <p role="alert" className="cf-error">
          {dev.error}
        </p>
      )}
      {dev.refused ? <BlockedNote reason={dev.refused} /> : <ApiKeys dev={dev} timeZone={timeZone} />}
      <Tabs<DeveloperTab> label="Developer sections" orientation="vertical" items={TABS} value={tab} onValueChange={setTab}>
        {tab === 'api' && (
          <div className="cf-stack">
            <h3>API Reference</h3>
            <SearchField landmark label="Search endpoints" placeholder="e.g. creators, POST, limit" value={dev.search} onValueChange={dev.setSearch} />
            {dev.endpointDocs === null && <p className="cf-muted">Loading…</p>}
            {dev.endpointDocs?.length === 0 && <p className="cf-empty">No endpoints match “{dev.search}”</p>}
            {dev.endpointDocs?.map((doc) => <Endpoint key={`${doc.method} ${doc.path}`} doc={doc} />)}
          </div>
        )}
        {tab === 'webhooks' && (dev.refused ? <BlockedNote reason={dev.refused} /> : <Webhooks dev={dev} timeZone={timeZone} />)}
        {tab === 'sdk' && <SdkExamples />}
      </Tabs>
      <Dialog open={Boolean(dev.shown)} onOpenChange={(open) => !open && dev.closeSecret()} title={dev.shown?.title ?? 'Secret'}>
        {dev.shown && <SecretOnce label={dev.shown.label} secret={dev.shown.secret} />}
      </Dialog>
    </div>
  );
}

function SecretOnce({ label, secret }: { label: string; secret: string }) {
  return (
    <div className="cf-stack">
      <p>Copy it now: it is shown only once. Keep it secret.</p>
      <code className="cf-api-key" aria-label={label}>
        {secret}
      </code>
      <div>
        <Button
          size="small"
          onClick={() =>
            void (async () => {
              try {
                if (!navigator.clipboard) throw new Error('the clipboard is not available in this browser');
                await navigator.clipboard.writeText(secret);
                toast.success(`${label} copied to clipboard`);
              } catch (error) {
                toast.error(`Could not copy: ${error instanceof Error ? error.message : String(error)}`);
              }
            })()
          }
        >
          Copy
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
  return (
    <section className="cf-card cf-stack" aria-labelledby="cf-api-keys-title">
      <h3 id="cf-api-keys-title">API Keys</h3>
      <p className="cf-muted">Secret keys for the public API. A key acts with its role; its use is in the activity log.</p>
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
          <label htmlFor="cf-key-name">Key name</label>
          <input id="cf-key-name" className="cf-input" value={name} maxLength={100} placeholder="e.g. CRM sync" onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="cf-field">
          <label htmlFor="cf-key-role">Role</label>
          <Select<Role> id="cf-key-role" options={ROLE_OPTIONS} value={role} onValueChange={setRole} />
        </div>
        <div className="cf-field">
          <label htmlFor="cf-key-origins">Allowed origins (embedding)</label>
          <input
            id="cf-key-origins"
            className="cf-input"
            value={origins}
            placeholder="https://portal.example.com"
            aria-describedby="cf-key-origins-hint"
            onChange={(e) => setOrigins(e.target.value)}
          />
          <span id="cf-key-origins-hint" className="cf-muted">
            Partner pages that may show embedded screens with this key, separated by commas.
          </span>
        </div>
        <Button type="submit" variant="primary">
          Create API Key
        </Button>
      </form>
      {dev.keys === null ? (
        <p className="cf-muted">Loading…</p>
      ) : dev.keys.length === 0 ? (
        <p className="cf-muted">No API keys yet.</p>
      ) : (
        <div className="cf-table-wrap">
          <table className="cf-table" aria-labelledby="cf-api-keys-title">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Role</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {dev.keys.map((key) => (
                <tr key={key.id}>
                  <td>{key.name || '—'}</td>
                  <td>
                    <code>sk_test_••••{key.lastFour}</code>
                  </td>
                  <td>{key.role}</td>
                  <td>{formatDateTime(key.createdAt, timeZone)}</td>
                  <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt, timeZone) : 'Never'}</td>
                  <td>{key.revokedAt ? <Badge color="red">Revoked</Badge> : <Badge color="green">Active</Badge>}</td>
                  <td>
                    {!key.revokedAt && (
                      <div className="cf-row">
                        <Button size="small" aria-label={`Regenerate key ending in ${key.lastFour}`} onClick={() => setConfirm({ kind: 'regenerate', id: key.id, lastFour: key.lastFour })}>
                          Regenerate
                        </Button>
                        <Button size="small" variant="danger" aria-label={`Revoke key ending in ${key.lastFour}`} onClick={() => setConfirm({ kind: 'revoke', id: key.id, lastFour: key.lastFour })}>
                          Revoke
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirm?.kind === 'regenerate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Regenerate API key?"
        confirmLabel="Regenerate key"
        onConfirm={() => {
          if (confirm) void dev.regenerateKey(confirm.id);
          setConfirm(null);
        }}
      >
        <p>The current key stops working at once. Anything that uses it must be updated with the new key.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm?.kind === 'revoke'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Revoke API key?"
        confirmLabel="Revoke key"
        onConfirm={() => {
          if (confirm) void dev.revokeKey(confirm.id);
          setConfirm(null);
        }}
      >
        <p>The key ending in {confirm?.lastFour} stops working at once. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}

function Webhooks({ dev, timeZone }: { dev: TeamDeveloper; timeZone: string }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...WEBHOOK_EVENT_TYPES]);
  const [payloadOf, setPayloadOf] = useState<WebhookDeliveryInfo | null>(null);
  const urlOf = (id: string) => dev.endpoints.find((e) => e.id === id)?.url ?? 'a removed endpoint';
  return (
    <div className="cf-stack">
      <h3>Webhooks</h3>
      <form
        className="cf-card cf-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void dev.addEndpoint({ url, events }).then((ok) => ok && setUrl(''));
        }}
      >
        <div className="cf-field">
          <label htmlFor="cf-webhook-url">Endpoint URL</label>
          <input id="cf-webhook-url" className="cf-input" type="url" placeholder="https://example.com/webhooks" value={url} onChange={(e) => setUrl(e.target.value)} />
        </div>
        <fieldset className="cf-webhook-events">
          <legend>Event types</legend>
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
            Add Endpoint
          </Button>
        </div>
      </form>
      <section className="cf-stack" aria-labelledby="cf-webhook-endpoints-title">
        <h4 id="cf-webhook-endpoints-title">Endpoints</h4>
        {dev.endpoints.length === 0 ? (
          <p className="cf-muted">No endpoints yet.</p>
        ) : (
          <ul className="cf-stack" aria-labelledby="cf-webhook-endpoints-title">
            {dev.endpoints.map((endpoint) => (
              <li key={endpoint.id} className="cf-card cf-stack">
                <div className="cf-row">
                  <code>{endpoint.url}</code>
                  {endpoint.disabledAt ? <Badge color="red">Disabled</Badge> : <Badge color="green">Active</Badge>}
                </div>
                <p className="cf-muted">{endpoint.events.join(', ')}</p>
                {endpoint.disabledReason && <p className="cf-muted">{endpoint.disabledReason}</p>}
                <div className="cf-row">
                  {endpoint.disabledAt ? (
                    <Button size="small" onClick={() => void dev.enableEndpoint(endpoint)}>
                      Enable
                    </Button>
                  ) : (
                    <Button size="small" aria-label={`Send test event to ${endpoint.url}`} onClick={() => void dev.sendTestEvent(endpoint.id)}>
                      Send test event
                    </Button>
                  )}
                  <Button size="small" aria-label={`Show signing secret of ${endpoint.url}`} onClick={() => void dev.showSecret(endpoint)}>
                    Signing secret
                  </Button>
                  <Button size="small" variant="danger" aria-label={`Remove ${endpoint.url}`} onClick={() => void dev.removeEndpoint(endpoint.id)}>
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="cf-stack" aria-labelledby="cf-webhook-events-title">
        <h4 id="cf-webhook-events-title">Recent events</h4>
        {dev.deliveries === null ? (
          <p className="cf-muted">Loading…</p>
        ) : dev.deliveries.length === 0 ? (
          <p className="cf-muted">No events delivered yet.</p>
        ) : (
          <div className="cf-table-wrap">
            <table className="cf-table" aria-labelledby="cf-webhook-events-title">
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Endpoint</th>
                  <th scope="col">Time</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Payload</th>
                </tr>
              </thead>
              <tbody>
                {dev.deliveries.map((delivery) => (
                  <tr key={delivery.id}>
                    <td>
                      <code>{delivery.type}</code>
                    </td>
                    <td>{urlOf(delivery.endpointId)}</td>
                    <td>{formatDateTime(delivery.createdAt, timeZone)}</td>
                    <td>
                      <Badge color={STATUS_COLOR[delivery.status]}>{delivery.status}</Badge>
                      {delivery.lastStatusCode !== null && delivery.status !== 'delivered' && <span className="cf-muted"> (HTTP {delivery.lastStatusCode})</span>}
                    </td>
                    <td>{delivery.attempts}</td>
                    <td>
                      <Button size="small" aria-label={`View payload of ${delivery.type} ${delivery.id}`} onClick={() => setPayloadOf(delivery)}>
                        View Payload
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <Dialog open={Boolean(payloadOf)} onOpenChange={(open) => !open && setPayloadOf(null)} title={payloadOf ? `Payload of ${payloadOf.type}` : 'Payload'}>
        {payloadOf && (
          <pre className="cf-code" aria-label="Payload JSON">
            <code>{JSON.stringify(payloadOf.payload, null, 2)}</code>
          </pre>
        )}
      </Dialog>
    </div>
  );
}
