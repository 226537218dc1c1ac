import { useId, useState } from 'react';
import { daysLeft, FUNNEL_STATUS_COLOR, statusIndex, stepIndexByName } from '../../lib/domain/funnels';
import type { Funnel } from '../../lib/domain/types';
import { formatDateTime, formatDay, formatMoney, formatPercent } from '../../lib/format';
import { Avatar } from '../ui/Avatar';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Link } from '../ui/navigation';
import { NotFoundState } from '../ui/NotFoundState';
import { Screen } from '../ui/Screen';
import { showResult, toast } from '../ui/toast';
import { currentStepNumber } from '../funnel-board/FunnelCard';
import { OutreachDialog } from '../funnel-board/OutreachDialog';
import { StepEditor, stepState } from '../funnel-board/StepTimeline';
import { creatorStyles } from './styles';
import { useCreator } from './useCreator';

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
  return <NotFoundState title="Creator not found" detail={creatorId ? `No creator has the id ${creatorId}.` : 'No creator was given.'} />;
}

function CreatorDetailView({ creatorId, step }: CreatorDetailProps) {
  const c = useCreator(creatorId);
  const [outreachOpen, setOutreachOpen] = useState(false);
  const { funnel } = c;
  if (!funnel) return <CreatorNotFound creatorId={creatorId} />;
  const base = `/creator/${encodeURIComponent(funnel.id)}`;

  function send(message: string) {
    // On the creator screen outreach only records the message; the dashboard's outreach moves a funnel on.
    const result = c.store.funnels.sendOutreach(funnel!.id, message, { advance: false });
    if (!showResult(result)) return false;
    setOutreachOpen(false);
    return true;
  }

  return (
    <div className="cf-stack">
      <Link className="cf-back cf-noprint" href="/">
        ← Back to Dashboard
      </Link>
      <header className="cf-creator-head">
        <Avatar name={funnel.creatorName} src={funnel.creatorAvatar} size={64} />
        <div>
          <h1>{funnel.creatorName}</h1>
          <p className="cf-muted">
            {funnel.creatorHandle} · #{funnel.id}
          </p>
        </div>
        <Badge color={FUNNEL_STATUS_COLOR[funnel.status]} label={`Status: ${funnel.status}`}>
          {funnel.status}
        </Badge>
      </header>
      <section className="cf-grid-cards" aria-label="Creator stats">
        <Stat label="Start Date" value={formatDay(funnel.startDate, c.timeZone)} />
        <Stat label="Days Left" value={String(daysLeft(funnel.dueDate, c.now))} />
        <Stat label="Value" value={formatMoney(funnel.value)} />
        <Stat label="Engagement" value={formatPercent(funnel.engagementRate)} />
      </section>
      <div className="cf-creator-grid">
        <div className="cf-stack">
          <FunnelProgress funnel={funnel} openStep={step} blocked={c.writeBlocked} onSave={(index, draft) => {
            const result = c.store.funnels.saveStep(funnel.id, index, draft);
            if (!showResult(result, { position: 'bottom-right' })) return false;
            if (!result.messages?.length) toast.success('Step saved', { position: 'bottom-right' });
            return true;
          }} />
          {statusIndex(funnel.status) >= statusIndex('Contract') && <CreatorAgreement funnel={funnel} timeZone={c.timeZone} />}
          <OutreachHistory funnel={funnel} timeZone={c.timeZone} />
        </div>
        <aside className="cf-card cf-stack" aria-labelledby="cf-quick-actions">
          <h2 id="cf-quick-actions">Quick Actions</h2>
          <div className="cf-quick-actions">
            <Button variant="primary" disabledReason={c.outreachBlocked} onClick={() => setOutreachOpen(true)}>
              Send Outreach
            </Button>
            <Link className="cf-button" href={`${base}/shipment/label`}>
              Generate Label
            </Link>
            <Link className="cf-button" href={`${base}/brief`}>
              Send Brief
            </Link>
            <Link className="cf-button" href={`${base}/shipment/tracking`}>
              Track Shipment
            </Link>
          </div>
          <p className="cf-muted">Last updated {formatDay(funnel.lastUpdated, c.timeZone)}</p>
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
  const id = useId();
  return (
    <section className="cf-card cf-stack" aria-labelledby={`${id}-title`}>
      <div className="cf-row">
        <h2 id={`${id}-title`} style={{ margin: 0 }}>
          Funnel Progress
        </h2>
        <span className="cf-spacer" />
        <span className="cf-muted">
          Step {currentStepNumber(funnel)} of {funnel.steps.length} ({funnel.progressPercentage}%)
        </span>
      </div>
      <ol className="cf-progress-steps">
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
                onClick={() => setOpen(expanded ? -1 : index)}
              >
                <span className="cf-dot" aria-hidden="true">
                  {step.completed ? '✓' : index + 1}
                </span>
                <span style={{ flex: 1 }}>{step.name}</span>
                <span className="cf-muted">{state === 'current' ? 'Current' : state === 'completed' ? 'Completed' : 'Upcoming'}</span>
              </button>
              {expanded && (
                <div id={`${id}-panel-${index}`} className="cf-progress-panel">
                  {editing === index ? (
                    <StepEditor
                      step={step}
                      onCancel={() => setEditing(null)}
                      onSave={(draft) => {
                        if (onSave(index, draft)) setEditing(null);
                      }}
                    />
                  ) : (
                    <>
                      <p>{step.description || <span className="cf-muted">No description</span>}</p>
                      <div>
                        <Button size="small" disabledReason={blocked} onClick={() => setEditing(index)} aria-label={`Edit step ${step.name}`}>
                          ✎ Edit
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
  return (
    <section className="cf-card cf-stack" aria-labelledby={id}>
      <h2 id={id}>Creator Agreement</h2>
      <div className="cf-doc-section">
        <h3>Agreement Details</h3>
        <p>
          {funnel.engagementType} campaign on {funnel.platform} between your brand and {funnel.creatorName} ({funnel.creatorHandle}), funnel #{funnel.id}.
        </p>
      </div>
      <div className="cf-doc-section">
        <h3>Compensation</h3>
        <p>{formatMoney(funnel.value)} for the agreed deliverables, paid on approval of the final content.</p>
      </div>
      <div className="cf-doc-section">
        <h3>Timeline &amp; Deadlines</h3>
        <p>
          Starts {formatDay(funnel.startDate, timeZone)}; final deliverables due {formatDay(funnel.dueDate, timeZone)}.
        </p>
      </div>
      <div className="cf-doc-section">
        <h3>Creator Information</h3>
        <p>
          {funnel.creatorName}, {funnel.creatorHandle}
          {funnel.email ? `, ${funnel.email}` : ''}
        </p>
      </div>
      <div className="cf-doc-section">
        <h3>Terms &amp; Conditions</h3>
        <p>Content must disclose the partnership as required by law. The brand may reuse approved content for 12 months. Either party may end the agreement with 14 days' written notice.</p>
      </div>
    </section>
  );
}

function OutreachHistory({ funnel, timeZone }: { funnel: Funnel; timeZone: string }) {
  const id = useId();
  const history = [...(funnel.outreach ?? [])].reverse();
  return (
    <section className="cf-card cf-stack" aria-labelledby={id}>
      <h2 id={id}>Outreach History</h2>
      {history.length === 0 ? (
        <p className="cf-muted">No messages sent yet.</p>
      ) : (
        <ul className="cf-history">
          {history.map((m) => (
            <li key={m.id}>
              <p className="cf-muted" style={{ margin: 0 }}>
                {formatDateTime(m.timestamp, timeZone)} · {m.sentBy}
              </p>
              <p style={{ margin: 0 }}>{m.message.trim() || <em className="cf-muted">(no text)</em>}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

