import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { CONNECT_SIMULATION_MS } from '../../lib/domain/constants';
import { problemOf, type Message } from '../../lib/domain/messages';
import type { IntegrationConfig } from '../../lib/domain/developer';
import type { Integration, IntegrationCategory } from '../../lib/domain/types';
import { useT, useWhyNot } from '../ui/i18n';
import { useStore } from '../ui/store-context';
import { showResult, toast } from '../ui/toast';

export type IntegrationTab = 'all' | IntegrationCategory;

export interface IntegrationsControllerOptions {
  /** Length of the connect simulation in ms (spec §9: 1500). Default CONNECT_SIMULATION_MS. */
  connectDelayMs?: number;
}

/** Integrations: category filter, connected list, configure/connect with the spec's toasts, disconnect. */
export function useIntegrationsController({ connectDelayMs = CONNECT_SIMULATION_MS }: IntegrationsControllerOptions = {}) {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const { t, say } = useT();
  const all = store.admin.integrations.items.value;
  const [tab, setTab] = useState<IntegrationTab>('all');
  const [connecting, setConnecting] = useState<string[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const blocked = whyNot('editAutomations');

  /**
   * Save Configuration: checks the form, then for a disconnected service shows
   * 'Connecting to {provider}...' and after the simulation 'Successfully connected to {provider}!'.
   * Success is said only once the credentials are held (by the server, with one).
   * Resolves to the problem to show in the dialog, or null when it may close.
   */
  async function saveConfiguration(integration: Integration, config: IntegrationConfig): Promise<Message | null> {
    const checked = store.admin.checkIntegrationConfig(config);
    if (!checked.ok) return problemOf(checked);
    if (integration.status === 'connected') {
      const result = await store.admin.saveIntegration(integration.id, config);
      // A refusal is said once, in the dialog that stays open with the entered values.
      if (result.ok) toast.success(t('integrations.saved', { name: integration.name }));
      return result.ok ? null : problemOf(result);
    }
    const toastId = toast.loading(t('domain.integrations.connecting', { provider: integration.name }));
    setConnecting((ids) => [...ids, integration.id]);
    const done = async () => {
      const result = await store.admin.saveIntegration(integration.id, config);
      setConnecting((ids) => ids.filter((id) => id !== integration.id));
      if (result.ok) toast.success(t('domain.integrations.connected', { provider: integration.name }), { id: toastId });
      else toast.error(t('domain.integrations.connectFailed', { provider: integration.name, reason: say(problemOf(result)) }), { id: toastId });
    };
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      void done();
    }, connectDelayMs);
    timers.current.add(timer);
    return null;
  }

  return {
    tab,
    setTab,
    integrations: tab === 'all' ? all : all.filter((i) => i.category === tab),
    connected: all.filter((i) => i.status === 'connected'),
    connecting,
    blocked,
    /** Why this member may not see or change integration credentials (only Admins may), or null. */
    configureBlocked: whyNot('integrations.configure'),
    timeZone: store.admin.settings.value.value.timeZone,
    saveConfiguration,
    disconnect: (id: string) => showResult(store.admin.disconnectIntegration(id)),
    /** The brand's shop, where tracking links send visitors. */
    shopUrl: store.admin.settings.value.value.shopUrl ?? '',
    saveShopUrl: (shopUrl: string) => showResult(store.admin.setShopUrl(shopUrl)),
    /** Why this member may not set the shop URL, or null. */
    shopUrlBlocked: whyNot('settings.setShopUrl'),
  };
}
