import { useCallback, useEffect, useMemo, useState } from 'react';
import { endpointDocsFromOpenApi, filterEndpoints } from '../../lib/domain/developer';
import type { ApiEndpointDoc, Role } from '../../lib/domain/types';
import { DeveloperRequestError, type ApiKeyInfo, type DeveloperClient, type WebhookDeliveryInfo, type WebhookEndpointInfo } from '../../lib/developer/client';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import { useT } from '../ui/i18n';
import type { Translator } from '../../lib/i18n';
import { toast } from '../ui/toast';

/** A secret shown once, right after it was made: a new or regenerated key, or an endpoint's signing secret. */
/** A refusal in the screen's language when the server gave it a known code, else as the server worded it. */
const saidIn = (i18n: Translator, error: unknown) =>
  (error instanceof DeveloperRequestError ? serverErrorIn(i18n, error.body) : null) ?? (error instanceof Error ? error.message : String(error));

export interface ShownSecret {
  title: string;
  label: string;
  secret: string;
}


/**
 * The Developer area against the team server: real keys, endpoints and deliveries, and the
 * API Reference from the server's OpenAPI document. Deliveries are refreshed while the
 * Webhooks tab is open, so a delivery made a moment ago shows up under Recent events.
 */
export function useTeamDeveloper(client: DeveloperClient, options: { watchWebhooks: boolean }) {
  const [keys, setKeys] = useState<ApiKeyInfo[] | null>(null);
  const [endpoints, setEndpoints] = useState<WebhookEndpointInfo[]>([]);
  const [deliveries, setDeliveries] = useState<WebhookDeliveryInfo[] | null>(null);
  const [docs, setDocs] = useState<ApiEndpointDoc[] | null>(null);
  // The refusals as caught, said in the language when shown.
  const [refused, setRefused] = useState<unknown>(null);
  const [error, setError] = useState<unknown>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [search, setSearch] = useState('');
  // The toasts, titles and the server's refusals with a known code speak the screen's language.
  const i18n = useT();
  const { t } = i18n;
  const messageOf = (error: unknown) => saidIn(i18n, error);

  const loadKeys = useCallback(async () => {
    try {
      setKeys(await client.keys());
      setRefused(null);
    } catch (caught) {
      const status = (caught as { status?: number }).status;
      if (status === 403) setRefused(caught);
      else setError(caught);
    }
  }, [client]);

  const loadWebhooks = useCallback(async () => {
    try {
      const data = await client.webhooks();
      setEndpoints(data.endpoints);
      setDeliveries(data.deliveries);
    } catch (caught) {
      if ((caught as { status?: number }).status !== 403) setError(caught);
    }
  }, [client]);

  useEffect(() => {
    // Loaded from the server's answers (callbacks), never set in the effect's own body.
    const first = setTimeout(() => {
      void loadKeys();
      void loadWebhooks();
    }, 0);
    client.openApi().then(
      (document) => setDocs(endpointDocsFromOpenApi(document)),
      (caught: unknown) => setError(caught),
    );
    return () => clearTimeout(first);
  }, [client, loadKeys, loadWebhooks]);

  useEffect(() => {
    if (!options.watchWebhooks || refused) return;
    const timer = setInterval(() => void loadWebhooks(), 2000);
    return () => clearInterval(timer);
  }, [options.watchWebhooks, refused, loadWebhooks]);

  /** Runs a change; on success reloads and toasts, on refusal toasts the server's message. */
  async function act<T>(run: () => Promise<T>, success: string, after?: (value: T) => void) {
    try {
      const value = await run();
      after?.(value);
      toast.success(success);
      await Promise.all([loadKeys(), loadWebhooks()]);
      return true;
    } catch (caught) {
      toast.error(messageOf(caught));
      return false;
    }
  }

  const endpointDocs = useMemo(() => (docs ? filterEndpoints(docs, search) : null), [docs, search]);

  return {
    keys,
    endpoints,
    deliveries,
    endpointDocs,
    search,
    setSearch,
    refused: refused === null ? null : messageOf(refused),
    error: error === null ? null : messageOf(error),
    shown,
    closeSecret: () => setShown(null),
    createKey: (draft: { name: string; role: Role; allowedOrigins?: string[] }) =>
      act(() => client.createKey(draft), t('activity.action.apiKeyCreated'), ({ secret }) => setShown({ title: t('developer.team.newKeyTitle'), label: t('developer.team.apiKey'), secret })),
    regenerateKey: (id: string) =>
      act(() => client.regenerateKey(id), t('developer.team.toast.regenerated'), ({ secret }) => setShown({ title: t('developer.team.regeneratedKeyTitle'), label: t('developer.team.apiKey'), secret })),
    revokeKey: (id: string) => act(() => client.revokeKey(id), t('activity.action.apiKeyRevoked')),
    addEndpoint: (draft: { url: string; events: string[] }) =>
      act(() => client.addEndpoint(draft), t('activity.action.endpointAdded'), ({ secret }) => setShown({ title: t('developer.team.signingSecret'), label: t('developer.team.signingSecret'), secret })),
    enableEndpoint: (endpoint: WebhookEndpointInfo) => act(() => client.updateEndpoint(endpoint.id, { url: endpoint.url, events: endpoint.events }), t('developer.team.toast.enabled')),
    removeEndpoint: (id: string) => act(() => client.removeEndpoint(id), t('activity.action.endpointRemoved')),
    sendTestEvent: (id: string) => act(() => client.sendTestEvent(id), t('developer.team.toast.testSent')),
    showSecret: (endpoint: WebhookEndpointInfo) =>
      act(() => client.endpointSecret(endpoint.id), t('developer.team.toast.secretShown'), (secret) =>
        setShown({ title: t('developer.team.signingSecret'), label: t('developer.team.signingSecret'), secret }),
      ),
  };
}

export type TeamDeveloper = ReturnType<typeof useTeamDeveloper>;
