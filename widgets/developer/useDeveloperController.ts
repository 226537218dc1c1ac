import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import { API_KEY_BYTES, apiKeyFromBytes, filterEndpoints } from '../../lib/domain/developer';
import { API_ENDPOINTS } from '../../lib/sample/developer';
import { developerClient } from '../../lib/developer/client';
import { useStore } from '../ui/store-context';
import { useT, useWhyNot } from '../ui/i18n';
import { toast } from '../ui/toast';

export type DeveloperTab = 'api' | 'webhooks' | 'sdk';

/** Developer area: API key (copy, regenerate), endpoint search, webhook settings and events, SDK examples. */
export function useDeveloperController() {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const developer = store.admin.developer.value.value;
  const [tab, setTab] = useState<DeveloperTab>('api');
  const [search, setSearch] = useState('');
  // Without a team server there is no API: the key shown is this screen's sample, drawn from
  // Web Crypto, never stored in or synced with the workspace (reloading draws another).
  const [apiKey, setApiKey] = useState(() => apiKeyFromBytes(crypto.getRandomValues(new Uint8Array(API_KEY_BYTES))));
  const keyBlocked = whyNot('manageTeam');
  const { t } = useT();
  const endpoints = useMemo(() => filterEndpoints(API_ENDPOINTS, search), [search]);
  // With a team server, keys, webhooks and the API reference are the server's (TeamDeveloper.tsx).
  const server = useMemo(() => developerClient(), []);

  async function copyApiKey() {
    try {
      if (!navigator.clipboard) throw new Error(t('developer.team.noClipboard'));
      await navigator.clipboard.writeText(apiKey);
      toast.success(t('developer.team.copied', { label: t('developer.apiKeyLabel') }));
    } catch (error) {
      toast.error(t('developer.copyKeyFailed', { message: error instanceof Error ? error.message : String(error) }));
    }
  }

  return {
    tab,
    setTab,
    apiKey,
    webhook: { endpointUrl: developer.endpointUrl, events: developer.events },
    keyBlocked,
    webhookBlocked: whyNot('editAutomations'),
    search,
    setSearch,
    endpoints,
    server,
    events: store.admin.webhookEvents.items.value,
    timeZone: store.admin.settings.value.value.timeZone,
    copyApiKey,
    /** Regenerate after the confirmation dialog (spec §4): a new sample key, for members who manage the team. */
    regenerateApiKey: () => {
      if (keyBlocked) return toast.error(keyBlocked);
      setApiKey(apiKeyFromBytes(crypto.getRandomValues(new Uint8Array(API_KEY_BYTES))));
      toast.success(t('developer.team.toast.regenerated'));
    },
    saveWebhookSettings: (draft: { endpointUrl: string; events: string[] }) => store.admin.saveWebhookSettings(draft),
  };
}
