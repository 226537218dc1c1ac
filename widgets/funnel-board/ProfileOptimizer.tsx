import { useSignals } from '@preact/signals-react/runtime';
import { useId, useState, type DragEvent } from 'react';
import { addTag, checkImageFile, removeTag } from '../../lib/domain/funnels';
import type { Funnel } from '../../lib/domain/types';
import { problemOf, type Message } from '../../lib/domain/messages';
import { AI_COMPATIBILITY, EXAMPLE_CREATOR_ID, INTEREST_TAG_SUGGESTIONS } from '../../lib/sample/suggestions';
import { Avatar } from '../ui/Avatar';
import type { MessageKey } from '../../lib/i18n';
import { Button } from '../ui/Button';
import { useT, useWhyNot } from '../ui/i18n';
import { useSavedDraft } from '../ui/useSavedDraft';
import { Link } from '../ui/navigation';
import { useStore } from '../ui/store-context';
import { readImageFile, unreadableImage } from '../ui/readImageFile';
import { showResult } from '../ui/toast';
import { TagEditor } from './TagEditor';
import { routeTo } from '../ui/routes';

const MAX_OPTIONS = 100;

/** The compatibility scores' names, by their English label. */
const SCORE_NAMES: Record<string, MessageKey> = {
  'Brand Alignment': 'funnelBoard.score.brand',
  'Audience Match': 'funnelBoard.score.audience',
  'Content Quality': 'funnelBoard.score.content',
  'Engagement Potential': 'funnelBoard.score.engagement',
};

export interface ProfileOptimizerProps {
  /** Creators offered in the picker (the dashboard's current list; the first 100 are offered). */
  funnels: readonly Funnel[];
  /** The creator to start with (id). Default: the first of `funnels`. */
  defaultCreatorId?: string;
}

/** Profile Optimizer (spec §2): upload, editable Creator Bio, AI Compatibility Scores, Interest Tags, View Example Creator. */
export function ProfileOptimizer({ funnels, defaultCreatorId }: ProfileOptimizerProps) {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const pickerId = useId();
  const { t } = useT();
  const [creatorId, setCreatorId] = useState(defaultCreatorId ?? funnels[0]?.id ?? '');
  const funnel = store.funnels.items.get(creatorId) ?? funnels[0];
  const blocked = whyNot();
  const options = funnels.slice(0, MAX_OPTIONS);
  if (funnel && !options.some((f) => f.id === funnel.id)) options.unshift(funnel);
  const example = store.funnels.items.get(EXAMPLE_CREATOR_ID) ?? store.funnels.items.items.value[0];

  if (!funnel) return <p className="cf-muted">{t('funnelBoard.optimizer.empty')}</p>;
  return (
    <div className="cf-stack">
      <div className="cf-field">
        <label htmlFor={pickerId}>{t('funnelBoard.optimizer.creator')}</label>
        <select id={pickerId} className="cf-select" value={funnel.id} onChange={(event) => setCreatorId(event.target.value)}>
          {options.map((f) => (
            <option key={f.id} value={f.id}>
              {f.creatorName} ({f.creatorHandle})
            </option>
          ))}
        </select>
      </div>
      <ImageUpload funnel={funnel} blocked={blocked} />
      <BioEditor key={funnel.id} funnel={funnel} blocked={blocked} />
      <section aria-labelledby={`${pickerId}-scores`}>
        <h3 id={`${pickerId}-scores`} className="cf-section-title">
          {t('funnelBoard.optimizer.scores')}
        </h3>
        <ul className="cf-scores">
          {AI_COMPATIBILITY.map((s) => (
            <li key={s.label} className="cf-score">
              <span>{SCORE_NAMES[s.label] ? t(SCORE_NAMES[s.label]) : s.label}</span>
              <strong>{s.score}%</strong>
              <meter min={0} max={100} low={60} high={85} optimum={100} value={s.score} aria-label={t('funnelBoard.score.label', { label: SCORE_NAMES[s.label] ? t(SCORE_NAMES[s.label]) : s.label, score: s.score })} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${pickerId}-tags`}>
        <h3 id={`${pickerId}-tags`} className="cf-section-title">
          {t('funnelBoard.optimizer.tags')}
        </h3>
        <InterestTags funnel={funnel} blocked={blocked} />
      </section>
      {example && (
        <Link className="cf-button" href={routeTo.creator(example.id)}>
          {t('funnelBoard.optimizer.example')}
        </Link>
      )}
    </div>
  );
}

function ImageUpload({ funnel, blocked }: { funnel: Funnel; blocked: string | null }) {
  const store = useStore();
  const id = useId();
  // An error belongs to the funnel it was about: choosing another funnel clears it.
  const [failure, setFailure] = useState<{ funnelId: string; problem: Message } | null>(null);
  const error = failure?.funnelId === funnel.id ? failure.problem : null;
  const setError = (problem: Message | null) => setFailure(problem === null ? null : { funnelId: funnel.id, problem });
  const [dragging, setDragging] = useState(false);
  const { t, say } = useT();

  function take(file: File | undefined) {
    if (!file) return;
    const problem = checkImageFile(file);
    setError(problem);
    if (problem) return;
    readImageFile(file).then(
      (dataUrl) => {
        const result = store.funnels.updateAvatar(funnel.id, dataUrl);
        if (!result.ok) setError(problemOf(result));
        showResult(result);
      },
      () => setError(unreadableImage(file)),
    );
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!blocked) take(event.dataTransfer.files[0]);
  };
  return (
    <div
      className="cf-upload"
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Avatar name={funnel.creatorName} src={funnel.creatorAvatar} size={56} />
      <label htmlFor={id} className="cf-label">
        {t('funnelBoard.optimizer.upload')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        disabled={Boolean(blocked)}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          take(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <span id={`${id}-hint`} className="cf-muted">
        {t('funnelBoard.optimizer.uploadHint')}
      </span>
      {error && (
        <p className="cf-error" role="alert">
          {say(error)}
        </p>
      )}
    </div>
  );
}

function BioEditor({ funnel, blocked }: { funnel: Funnel; blocked: string | null }) {
  const store = useStore();
  const id = useId();
  const draft = useSavedDraft(funnel.bio ?? '');
  const { t } = useT();
  const save = () => {
    const result = store.funnels.updateBio(funnel.id, draft.value);
    showResult(result);
    if (result.ok) draft.reset();
  };
  return (
    <div className="cf-field">
      <label htmlFor={id}>{t('funnelBoard.optimizer.bio')}</label>
      <textarea id={id} className="cf-textarea" value={draft.value} readOnly={Boolean(blocked)} onChange={(event) => draft.set(event.target.value)} />
      <div className="cf-row">
        <Button size="small" variant="primary" disabledReason={blocked} disabled={!draft.dirty} onClick={save}>
          {t('funnelBoard.optimizer.save')}
        </Button>
        <Button size="small" disabled={!draft.dirty} onClick={draft.reset}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}

function InterestTags({ funnel, blocked }: { funnel: Funnel; blocked: string | null }) {
  const store = useStore();
  const tags = funnel.interestTags ?? [];
  const { t } = useT();
  const add = (text: string) => {
    const next = addTag(tags, text);
    if (!next.ok) return problemOf(next);
    const result = store.funnels.setInterestTags(funnel.id, next.value);
    return result.ok ? null : problemOf(result);
  };
  const suggestions = INTEREST_TAG_SUGGESTIONS.filter((s) => !tags.some((t) => t.toLowerCase() === s.toLowerCase()));
  return (
    <div className="cf-stack" style={{ gap: 8 }}>
      <TagEditor
        label={t('funnelBoard.optimizer.tags')}
        addLabel={t('funnelBoard.optimizer.addTags')}
        tags={tags}
        blocked={blocked}
        placeholder={t('funnelBoard.optimizer.tagPlaceholder')}
        hideLabel onAdd={add} onRemove={(tag) => showResult(store.funnels.setInterestTags(funnel.id, removeTag(tags, tag)))} />
      {suggestions.length > 0 && (
        <div className="cf-row" role="group" aria-label={t('funnelBoard.optimizer.suggestions')}>
          <span className="cf-muted">{t('funnelBoard.optimizer.suggestionsLead')}</span>
          {suggestions.map((s) => (
            <button key={s} type="button" className="cf-suggestion" aria-label={t('funnelBoard.optimizer.addSuggested', { tag: s })} disabled={Boolean(blocked)} onClick={() => add(s)}>
              + {s}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
