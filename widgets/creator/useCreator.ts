import { useSignals } from '@preact/signals-react/runtime';
import type { Funnel, Order } from '../../lib/domain/types';
import { useStore } from '../ui/store-context';
import { useWhyNot } from '../ui/i18n';

/** Fixed placeholder address when the creator has no order to ship to (spec §2 "Shipping label"). */
export const PLACEHOLDER_ADDRESS = { line1: '123 Creator Lane', city: 'Los Angeles', state: 'CA', postalCode: '90001', country: 'US' } as const;
export const PLACEHOLDER_TRACKING = { number: '1Z999AA10123456784', carrier: 'UPS' } as const;

/** A creator's funnel and what the creator pages show about it; `funnel` is undefined for an unknown id. */
export function useCreator(creatorId: string) {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const funnel: Funnel | undefined = store.funnels.items.get(creatorId);
  const order: Order | undefined = funnel ? store.orders.items.items.value.find((o) => o.creatorId === funnel.id) : undefined;
  return {
    store,
    funnel,
    order,
    now: store.now(),
    timeZone: store.admin.settings.value.value.timeZone,
    writeBlocked: whyNot(),
    outreachBlocked: whyNot('sendOutreach'),
  };
}
