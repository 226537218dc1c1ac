// What became of an outreach email, as the mail outbox last said it (it changes live through
// sync): queued, sent, or failed with its reason and a Retry.
import { failedOutreach } from '../../lib/domain/funnels';
import type { Funnel, OutreachMessage } from '../../lib/domain/types';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';

/** Why outreach cannot be sent to this creator (their opt-out), or the member's own reason, or null. */
export function useOutreachBlocked(funnel: Pick<Funnel, 'creatorHandle' | 'portal'>, memberBlocked: string | null): string | null {
  const { t } = useT();
  if (memberBlocked) return memberBlocked;
  return funnel.portal?.optedOutAt ? t('creator.optedOut.reason', { handle: funnel.creatorHandle }) : null;
}

/** The opt-out badge of a creator who stopped every email. */
export function OptedOutBadge({ funnel }: { funnel: Pick<Funnel, 'creatorHandle' | 'portal'> }) {
  const { t } = useT();
  if (!funnel.portal?.optedOutAt) return null;
  return (
    <Badge color="gray" label={t('creator.optedOut.reason', { handle: funnel.creatorHandle })}>
      {t('creator.optedOut.badge')}
    </Badge>
  );
}

/** One message's email state (creator history). */
export function DeliveryState({ entry }: { entry: OutreachMessage }) {
  const { t } = useT();
  const d = entry.delivery;
  if (!d) return <Badge color="gray">{t('creator.outreach.notEmailed')}</Badge>;
  if (d.status === 'queued') return <Badge color="blue">{t('creator.outreach.queued')}</Badge>;
  if (d.status === 'sent') return <Badge color="green">{t('creator.outreach.sent')}</Badge>;
  return <Badge color="red">{t('creator.outreach.failed', { reason: d.reason ?? '' })}</Badge>;
}

/** The funnel's latest failed outreach email, with Retry (nothing when the latest email did not fail). */
export function FailedOutreach({ funnel, retryBlocked, onRetry }: { funnel: Funnel; retryBlocked: string | null; onRetry(outreachId: string): void }) {
  const { t } = useT();
  const failed = failedOutreach(funnel);
  if (!failed) return null;
  return (
    <p className="cf-outreach-failed">
      <span>{t('creator.outreach.failed', { reason: failed.delivery?.reason ?? '' })}</span>{' '}
      <Button size="small" disabledReason={retryBlocked} onClick={() => onRetry(failed.id)} aria-label={t('creator.outreach.retryLabel', { handle: funnel.creatorHandle })}>
        {t('creator.outreach.retry')}
      </Button>
    </p>
  );
}
