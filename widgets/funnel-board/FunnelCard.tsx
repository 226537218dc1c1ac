import { memo, useId, type MouseEvent } from 'react';
import { FUNNEL_STATUS_COLOR, progressStepIndex } from '../../lib/domain/funnels';
import type { Funnel } from '../../lib/domain/types';
import { Avatar } from '../ui/Avatar';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';
import { Link, useNavigation } from '../ui/navigation';
import { StepTimeline } from '../shared/StepTimeline';
import { routeTo } from '../ui/routes';
import { CodeAndLink } from '../ui/CodeAndLink';
import { FailedOutreach, OptedOutBadge, useOutreachBlocked } from '../shared/OutreachDelivery';

export interface FunnelCardProps {
  funnel: Funnel;
  /** Whether the step timeline shows. */
  expanded: boolean;
  onExpandedChange(id: string): void;
  /** Highlights the card (from `?creator=`). Default false. */
  selected?: boolean;
  onTogglePriority(id: string): void;
  onOutreach(funnel: Funnel): void;
  /** Queues a failed outreach email again. */
  onRetryOutreach(funnel: Funnel, outreachId: string): void;
  onSaveStep(funnel: Funnel, index: number, draft: { name: string; description: string }): boolean;
  /** Why the member may not change funnels, or null. */
  writeBlocked: string | null;
  /** Why the member may not send outreach, or null. */
  outreachBlocked: string | null;
  now: Date;
}

/**
 * A funnel card (spec §2): avatar, name (a link to the creator), handle, #id, priority star,
 * status badge, Send Outreach and expand. Clicking anywhere else on the card opens the creator.
 */
export const FunnelCard = memo(function FunnelCard({
  funnel,
  expanded,
  onExpandedChange,
  selected = false,
  onTogglePriority,
  onOutreach,
  onRetryOutreach,
  onSaveStep,
  writeBlocked,
  outreachBlocked,
  now,
}: FunnelCardProps) {
  const outreachRefused = useOutreachBlocked(funnel, outreachBlocked);
  const navigation = useNavigation();
  const nameId = useId();
  const stepsId = useId();
  const step = progressStepIndex(funnel.steps) + 1;
  const { t, formatMoney, formatRelative } = useT();

  function onCardClick(event: MouseEvent<HTMLElement>) {
    // Controls inside the card do their own job; the rest of the card opens the creator.
    if ((event.target as Element).closest('a, button, input, textarea, select, label, form, [role="dialog"]')) return;
    navigation.navigate(routeTo.creator(funnel.id));
  }

  return (
    <article className="cf-card cf-funnel-card" aria-labelledby={nameId} data-selected={selected || undefined} data-state={expanded ? 'open' : 'closed'} onClick={onCardClick} part="funnel-card">
      <div className="cf-funnel-head">
        <Avatar name={funnel.creatorName} src={funnel.creatorAvatar} size={44} />
        <div className="cf-funnel-who">
          <h3 id={nameId} className="cf-funnel-name">
            <Link href={routeTo.creator(funnel.id)}>{funnel.creatorName}</Link>
          </h3>
          <p className="cf-muted cf-funnel-meta">
            <span>{funnel.creatorHandle}</span> <span>#{funnel.id}</span>
          </p>
        </div>
        <button
          type="button"
          className="cf-star"
          aria-pressed={funnel.isPriority}
          aria-label={t('funnelBoard.card.priority', { name: funnel.creatorName })}
          title={writeBlocked ? writeBlocked : t(funnel.isPriority ? 'funnelBoard.card.removePriority' : 'funnelBoard.card.markPriority')}
          disabled={Boolean(writeBlocked)}
          data-state={funnel.isPriority ? 'on' : 'off'}
          onClick={() => onTogglePriority(funnel.id)}
        >
          <span aria-hidden="true">{funnel.isPriority ? '★' : '☆'}</span>
        </button>
        <Badge color={FUNNEL_STATUS_COLOR[funnel.status]} label={t('creator.statusLabel', { status: t(`creator.status.${funnel.status}`) })}>
          {t(`creator.status.${funnel.status}`)}
        </Badge>
        <OptedOutBadge funnel={funnel} />
      </div>
      <div className="cf-funnel-facts cf-muted">
        <span>{formatMoney(funnel.value)}</span>
        <span>{funnel.platform}</span>
        <span>{t('funnelBoard.card.updated', { time: formatRelative(funnel.lastUpdated, now) })}</span>
      </div>
      <div className="cf-progress" aria-hidden="true">
        <span style={{ width: `${funnel.progressPercentage}%` }} />
      </div>
      <FailedOutreach funnel={funnel} retryBlocked={outreachRefused} onRetry={(outreachId) => onRetryOutreach(funnel, outreachId)} />
      <div className="cf-row cf-funnel-actions">
        <Button size="small" disabledReason={outreachRefused} onClick={() => onOutreach(funnel)} aria-label={t('funnelBoard.card.sendOutreachTo', { name: funnel.creatorName })}>
          {t('creator.sendOutreach')}
        </Button>
        <span className="cf-spacer" />
        <Button
          size="small"
          variant="ghost"
          aria-expanded={expanded}
          aria-controls={expanded ? stepsId : undefined}
          aria-label={t(expanded ? 'funnelBoard.card.collapseLabel' : 'funnelBoard.card.expandLabel', { name: funnel.creatorName })}
          onClick={() => onExpandedChange(funnel.id)}
        >
          {t(expanded ? 'funnelBoard.card.collapse' : 'funnelBoard.card.expand')} <span aria-hidden="true">{expanded ? '▴' : '▾'}</span>
        </Button>
      </div>
      {expanded && (
        <div id={stepsId} className="cf-funnel-steps">
          <p className="cf-step-progress">
            {t('creator.stepOf', { step, total: funnel.steps.length, percent: funnel.progressPercentage })}
          </p>
          <CodeAndLink funnel={funnel} compact />
          <StepTimeline
            funnelId={funnel.id}
            steps={funnel.steps}
            label={t('funnelBoard.card.stepsOf', { name: funnel.creatorName })}
            editBlocked={writeBlocked}
            onSave={(index, draft) => onSaveStep(funnel, index, draft)}
          />
        </div>
      )}
    </article>
  );
});
