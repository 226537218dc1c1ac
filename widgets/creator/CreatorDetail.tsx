import { useEffect, useId, useRef, useState } from 'react';
import { daysLeft, FUNNEL_STATUS_COLOR, progressStepIndex, statusIndex, stepIndexByName } from '../../lib/domain/funnels';
import type { Funnel } from '../../lib/domain/types';
import { engagementTypeIn } from '../../lib/i18n/engagement';
import { Avatar } from '../ui/Avatar';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Link } from '../ui/navigation';
import { NotFoundState } from '../ui/NotFoundState';
import { Screen } from '../ui/Screen';
import { showResult } from '../ui/toast';
import { OutreachDialog } from '../shared/OutreachDialog';
import { StepEditor, stepState } from '../shared/StepTimeline';
import { creatorStyles } from './styles';
import { useCreator } from './useCreator';
import { CodeAndLink } from '../ui/CodeAndLink';
import { CommissionPanel } from './CommissionPanel';
import { CreatorPortalPanel } from './CreatorPortalPanel';
import { useT } from '../ui/i18n';
import { routeTo } from '../ui/routes';
import { DeliveryState, FailedOutreach, OptedOutBadge, useOutreachBlocked } from '../shared/OutreachDelivery';

export interface CreatorDetailProps {
  /** The funnel id (CR12345). */
  creatorId: string;
  /** The name of the step to open (`?step=`); default the current step. */
  step?: string;
}

/** Creator detail `/creator/{id}` (spec §2 "Creator detail"). */
export function CreatorDetail(props: CreatorDetailProps) {
  return (
    <Screen name="Creator" styles={creatorStyles} part="root">
      <CreatorDetailView key={`${props.creatorId}|${props.step ?? ''}`} {...props} />
    </Screen>
  );
}

/** 'Creator not found' with Back to Dashboard (spec §2, §8). */
export function CreatorNotFound({ creatorId }: { creatorId: string }) {
  const { t } = useT();
  return <NotFoundState title={t('creator.notFound')} detail={creatorId ? t('creator.notFoundId', { id: creatorId }) : t('creator.notFoundNone')} />;
}

function CreatorDetailView({ creatorId, step }: CreatorDetailProps) {
  const c = useCreator(creatorId);
  const [outreachOpen, setOutreachOpen] = useState(false);
  const { t, formatDay, formatMoney, formatPercent } = useT();
  const { funnel } = c;
  const outreachRefused = useOutreachBlocked(funnel ?? { creatorHandle: '' }, c.outreachBlocked);
  if (!funnel) return <CreatorNotFound creatorId={creatorId} />;

  function send(message: string) {
    // On the creator screen outreach only records the message; the dashboard's outreach moves a funnel on.
    const result = c.store.funnels.sendOutreach(funnel!.id, message, { advance: false });
    if (!showResult(result)) return false;
    setOutreachOpen(false);
    return true;
  }

  return (
    <div className="cf-stack">
      <Link className="cf-back cf-noprint" href={routeTo.home()}>
        {t('creator.backToDashboard')}
      </Link>
      <header className="cf-creator-head">
        <Avatar name={funnel.creatorName} src={funnel.creatorAvatar} size={64} />
        <div>
          <h1>{funnel.creatorName}</h1>
          <p className="cf-muted">
            {funnel.creatorHandle} · #{funnel.id}
          </p>
        </div>
        <Badge color={FUNNEL_STATUS_COLOR[funnel.status]} label={t('creator.statusLabel', { status: t(`creator.status.${funnel.status}`) })}>
          {t(`creator.status.${funnel.status}`)}
        </Badge>
        <OptedOutBadge funnel={funnel} />
      </header>
      <section className="cf-grid-cards" aria-label={t('creator.stats')}>
        <Stat label={t('creator.startDate')} value={formatDay(funnel.startDate, c.timeZone)} />
        <Stat label={t('creator.daysLeft')} value={String(daysLeft(funnel.dueDate, c.now))} />
        <Stat label={t('creator.value')} value={formatMoney(funnel.value)} />
        <Stat label={t('creator.engagement')} value={formatPercent(funnel.engagementRate)} />
      </section>
      <div className="cf-creator-grid">
        <div className="cf-stack">
          <FunnelProgress funnel={funnel} openStep={step} blocked={c.writeBlocked} onSave={(index, draft) => {
            const result = c.store.funnels.saveStep(funnel.id, index, draft);
            return showResult(result, { position: 'bottom-right', success: t('creator.stepSaved') });
          }} />
          {statusIndex(funnel.status) >= statusIndex('Contract') && <CreatorAgreement funnel={funnel} timeZone={c.timeZone} />}
          <CodeAndLink funnel={funnel} editBlocked={c.writeBlocked} onSaveCode={(code) => c.store.funnels.setDiscountCode(funnel.id, code)} />
          <CommissionPanel funnel={funnel} />
          <CreatorPortalPanel creator={c} funnel={funnel} />
          <OutreachHistory funnel={funnel} timeZone={c.timeZone} retryBlocked={outreachRefused} onRetry={(outreachId) => void showResult(c.store.funnels.retryOutreach(funnel.id, outreachId))} />
        </div>
        <aside className="cf-card cf-stack" aria-labelledby="cf-quick-actions">
          <h2 id="cf-quick-actions">{t('creator.quickActions')}</h2>
          <div className="cf-quick-actions">
            <Button variant="primary" disabledReason={outreachRefused} onClick={() => setOutreachOpen(true)}>
              {t('creator.sendOutreach')}
            </Button>
            <Link className="cf-button" href={routeTo.creatorPage(funnel.id, 'shipment/label')}>
              {t('creator.generateLabel')}
            </Link>
            <Link className="cf-button" href={routeTo.creatorPage(funnel.id, 'brief')}>
              {t('creator.sendBrief')}
            </Link>
            <Link className="cf-button" href={routeTo.creatorPage(funnel.id, 'shipment/tracking')}>
              {t('creator.trackShipment')}
            </Link>
          </div>
          <p className="cf-muted">{t('creator.lastUpdated', { date: formatDay(funnel.lastUpdated, c.timeZone) })}</p>
        </aside>
      </div>
      <OutreachDialog funnel={outreachOpen ? funnel : null} onOpenChange={setOutreachOpen} onSend={send} />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="cf-card">
      <p className="cf-stat-label">{label}</p>
      <p className="cf-stat-value">{value}</p>
    </div>
  );
}

function FunnelProgress({
  funnel,
  openStep,
  blocked,
  onSave,
}: {
  funnel: Funnel;
  openStep?: string;
  blocked: string | null;
  onSave(index: number, draft: { name: string; description: string }): boolean;
}) {
  const requested = stepIndexByName(funnel.steps, openStep);
  const [open, setOpen] = useState<number>(requested >= 0 ? requested : funnel.steps.findIndex((s) => s.current));
  const [editing, setEditing] = useState<number | null>(null);
  // Where focus goes once an edit closes or a step is completed: that step's own control, not <body>.
  const focusAfter = useRef<{ index: number; control: 'edit' | 'toggle' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-step-${target.control}="${target.index}"]`)?.focus();
  });
  const setFocusAfter = (target: { index: number; control: 'edit' | 'toggle' }) => {
    focusAfter.current = target;
  };
  const id = useId();
  const { t } = useT();
  const closeEditor = (index: number) => {
    setEditing(null);
    setFocusAfter({ index, control: 'edit' });
  };
  return (
    <section className="cf-card cf-stack" aria-labelledby={`${id}-title`}>
      <div className="cf-row">
        <h2 id={`${id}-title`} style={{ margin: 0 }}>
          {t('creator.funnelProgress')}
        </h2>
        <span className="cf-spacer" />
        <span className="cf-muted">
          {t('creator.stepOf', { step: progressStepIndex(funnel.steps) + 1, total: funnel.steps.length, percent: funnel.progressPercentage })}
        </span>
      </div>
      <ol className="cf-progress-steps" ref={listRef}>
        {funnel.steps.map((step, index) => {
          const expanded = open === index;
          const state = stepState(step);
          return (
            <li key={index} className="cf-progress-step" data-state={state} aria-current={step.current ? 'step' : undefined}>
              <button
                type="button"
                className="cf-progress-toggle"
                aria-expanded={expanded}
                aria-controls={`${id}-panel-${index}`}
                data-step-toggle={index}
                onClick={() => setOpen(expanded ? -1 : index)}
              >
                <span className="cf-dot" aria-hidden="true">
                  {step.completed ? '✓' : index + 1}
                </span>
                <span style={{ flex: 1 }}>{step.name}</span>
                <span className="cf-muted">{t(`creator.step.${state}`)}</span>
              </button>
              {expanded && (
                <div id={`${id}-panel-${index}`} className="cf-progress-panel">
                  {editing === index ? (
                    <StepEditor step={step} onClose={() => closeEditor(index)} onSave={(draft) => onSave(index, draft)} />
                  ) : (
                    <>
                      <p>{step.description || <span className="cf-muted">{t('creator.noDescription')}</span>}</p>
                      <div className="cf-row">
                        {!step.completed && (
                          <Button
                            size="small"
                            variant="primary"
                            disabledReason={blocked}
                            aria-label={t('creator.completeStepOf', { name: step.name })}
                            // The step's own words, completed: the same save the editor makes.
                            onClick={() => {
                              setFocusAfter({ index, control: 'toggle' });
                              onSave(index, { name: step.name, description: step.description });
                            }}
                          >
                            {t('creator.completeStep')}
                          </Button>
                        )}
                        <Button
                          size="small"
                          disabledReason={blocked}
                          data-step-edit={index}
                          onClick={() => setEditing(index)}
                          aria-label={t('creator.editStep', { name: step.name })}
                        >
                          {t('creator.edit')}
                        </Button>
                      </div>
                    </>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The creator agreement template (spec §2), shown once the funnel reaches Contract. */
function CreatorAgreement({ funnel, timeZone }: { funnel: Funnel; timeZone: string }) {
  const id = useId();
  const translator = useT();
  const { t, formatDay, formatMoney } = translator;
  return (
    <section className="cf-card cf-stack" aria-labelledby={id}>
      <h2 id={id}>{t('creator.agreement')}</h2>
      <div className="cf-doc-section">
        <h3>{t('creator.agreementDetails')}</h3>
        <p>
          {t('creator.agreementBody', { type: engagementTypeIn(translator, funnel.engagementType), platform: funnel.platform, name: funnel.creatorName, handle: funnel.creatorHandle, id: funnel.id })}
        </p>
      </div>
      <div className="cf-doc-section">
        <h3>{t('creator.compensation')}</h3>
        <p>{t('creator.compensationBody', { value: formatMoney(funnel.value) })}</p>
      </div>
      <div className="cf-doc-section">
        <h3>{t('creator.timeline')}</h3>
        <p>
          {t('creator.timelineBody', { start: formatDay(funnel.startDate, timeZone), due: formatDay(funnel.dueDate, timeZone) })}
        </p>
      </div>
      <div className="cf-doc-section">
        <h3>{t('creator.info')}</h3>
        <p>
          {funnel.creatorName}, {funnel.creatorHandle}
          {funnel.email && <>, {funnel.email}</>}
        </p>
      </div>
      <div className="cf-doc-section">
        <h3>{t('creator.terms')}</h3>
        <p>{t('creator.termsBody')}</p>
      </div>
    </section>
  );
}

function OutreachHistory({ funnel, timeZone, retryBlocked, onRetry }: { funnel: Funnel; timeZone: string; retryBlocked: string | null; onRetry(outreachId: string): void }) {
  const id = useId();
  const history = [...(funnel.outreach ?? [])].reverse();
  const { t, formatDateTime } = useT();
  return (
    <section className="cf-card cf-stack" aria-labelledby={id}>
      <h2 id={id}>{t('creator.outreachHistory')}</h2>
      <FailedOutreach funnel={funnel} retryBlocked={retryBlocked} onRetry={onRetry} />
      {history.length === 0 ? (
        <p className="cf-muted">{t('creator.noMessages')}</p>
      ) : (
        <ul className="cf-history">
          {history.map((m) => (
            <li key={m.id}>
              <p className="cf-muted" style={{ margin: 0 }}>
                {formatDateTime(m.timestamp, timeZone)} · {m.sentBy} <DeliveryState entry={m} />
              </p>
              <p style={{ margin: 0 }}>{m.message.trim() || <em className="cf-muted">{t('creator.noText')}</em>}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

