import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import type { OverwriteNotice, WatchedField } from '../../lib/domain/overwrites';
import type { MessageKey, Translator } from '../../lib/i18n';
import { Button } from './Button';
import { useT } from './i18n';
import { useInsideScreen } from './screen-nesting';
import { useStore } from './store-context';
import { showResult } from './toast';

const FIELD_MESSAGES: Record<WatchedField, MessageKey> = {
  status: 'overwrite.status',
  notes: 'overwrite.notes',
  trackingNumber: 'overwrite.trackingNumber',
  carrierName: 'overwrite.carrierName',
  quantity: 'overwrite.quantity',
  name: 'overwrite.name',
  lowStockThreshold: 'overwrite.lowStockThreshold',
  reorderPoint: 'overwrite.reorderPoint',
  location: 'overwrite.location',
};

/** A field's value as the screens show it (an order status in the reader's language). */
function shown(notice: OverwriteNotice, value: unknown, { t, formatNumber }: Translator): string {
  if (notice.field === 'status' && typeof value === 'string') return t(`orders.status.${value}` as MessageKey);
  if (typeof value === 'number') return formatNumber(value);
  if (value === undefined || value === null || value === '') return t('inventory.notSet');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What a notice says: who, what, and to what ("Jamie Smith set the status of ORD-1001 to Shipped"). */
export function noticeText(notice: OverwriteNotice, translator: Translator): string {
  const { t } = translator;
  const name = notice.by?.name ?? t('overwrite.someone');
  if (notice.kind === 'deleted') return t(notice.wasEditing ? 'overwrite.deletedWhileEditing' : 'overwrite.deleted', { name, record: notice.record });
  return t(FIELD_MESSAGES[notice.field!], { name, record: notice.record, value: shown(notice, notice.theirs, translator) });
}

/**
 * Teammates' changes that replaced the member's own (or deleted what they were editing), each
 * with who and to what, "Use my value" where it can be put back, and Dismiss. A polite live
 * region while there is something to say (like a toast), so a screen without notices has none.
 */
export function OverwriteNotices() {
  useSignals();
  const store = useStore();
  const translator = useT();
  const { t } = translator;
  const nested = useInsideScreen();
  const regionRef = useRef<HTMLDivElement>(null);
  const notices = store.overwrites.notices.value;
  const latest = notices.at(-1);
  const closedEditor = latest?.kind === 'deleted' && latest.wasEditing ? latest.key : null;
  // The editor that held focus is gone with its record: focus goes to the notice that says why, not to the page's start.
  useEffect(() => {
    const root = regionRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    const active = root?.activeElement ?? null;
    if (closedEditor && (!active || active === document.body || !active.isConnected)) regionRef.current?.focus();
  }, [closedEditor]);
  if (nested || !notices.length) return null;
  return (
    <div ref={regionRef} tabIndex={-1} role="status" className="cf-overwrites" data-part="overwrites" aria-label={t('overwrite.region')}>
      {notices.map((notice) => {
        const text = noticeText(notice, translator);
        return (
          <div key={notice.key} className="cf-banner" data-tone="info" data-kind={notice.kind}>
            <span>{text}</span>
            <span className="cf-spacer" />
            {'mine' in notice && store.overwrites.canRestore(notice) && (
              <Button size="small" onClick={() => showResult(store.overwrites.restore(notice.key))}>
                {t('overwrite.useMine', { value: shown(notice, notice.mine, translator) })}
              </Button>
            )}
            <Button size="small" variant="ghost" aria-label={t('overwrite.dismissNotice', { notice: text })} onClick={() => store.overwrites.dismiss(notice.key)}>
              {t('overwrite.dismiss')}
            </Button>
          </div>
        );
      })}
    </div>
  );
}
