// The store has no action for the workspace's automation defaults yet (store.admin exposes the
// singleton only), so this one writer stands in for `store.admin.setAutomationDefaults`: it
// authorizes like an action, writes, and records the change in the activity log.
import type { AutomationDefaults, Result } from '../../lib/domain/types';
import { fail, ok } from '../../lib/domain/types';
import type { Store } from '../../lib/store/createStore';

export function saveAutomationDefaults(store: Store, flags: AutomationDefaults): Result<AutomationDefaults> {
  const reason = store.session.whyNot('editAutomations');
  if (reason) return fail(reason);
  const current = store.admin.automationDefaults.value.peek();
  if (current.payment === flags.payment && current.shipment === flags.shipment && current.review === flags.review) return ok(current);
  const member = store.session.currentMember.peek();
  const onOff = (on: boolean) => (on ? 'on' : 'off');
  store.admin.automationDefaults.set({ ...flags });
  store.admin.activity.put(
    {
      id: `act_${store.now().getTime().toString(36)}${Math.random().toString(36).slice(2, 10)}`,
      timestamp: store.now().toISOString(),
      userId: member?.id ?? 'system',
      userName: member?.name ?? 'System',
      userAvatar: '',
      action: 'Automation defaults saved',
      actionType: 'system',
      details: `Payment ${onOff(flags.payment)}, shipment ${onOff(flags.shipment)}, review ${onOff(flags.review)}`,
      status: 'success',
    },
    { prepend: true },
  );
  return ok({ ...flags });
}
