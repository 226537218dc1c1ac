// A funnel's discount code and tracking link, each with a copy button; the creator page also
// edits the code. The link needs the team server (it counts the clicks): without one, it says so.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { trackingUrl } from '../../lib/domain/attribution';
import type { Funnel, Result } from '../../lib/domain/types';
import type { TeamApi, TrackingLinks } from '../../lib/sync/team-api';
import { Button } from './Button';
import { useT } from './i18n';
import { useStore } from './store-context';
import { showResult, toast } from './toast';

const asked = new WeakMap<TeamApi, Promise<TrackingLinks | null>>();

/** Where this workspace's tracking links live, asked of the team server once per store; null without a server. */
export function useTrackingLinks(): TrackingLinks | null {
  const teamApi = useStore().teamApi;
  const [links, setLinks] = useState<TrackingLinks | null>(null);
  useEffect(() => {
    if (!teamApi) return;
    let answer = asked.get(teamApi);
    if (!answer) {
      answer = teamApi.trackingLinks().then((r) => (r.ok ? { origin: r.origin, workspaceId: r.workspaceId } : null));
      asked.set(teamApi, answer);
    }
    let live = true;
    void answer.then((value) => live && setLinks(value));
    return () => {
      live = false;
    };
  }, [teamApi]);
  return links;
}

export interface CodeAndLinkProps {
  funnel: Pick<Funnel, 'id' | 'discountCode' | 'creatorName'>;
  /** Saves an edited code; absent, the code is shown but not edited here. */
  onSaveCode?(code: string): Result<unknown>;
  /** Why the code cannot be edited, or null. */
  editBlocked?: string | null;
  /** Compact (the funnel card): no heading, no editing. */
  compact?: boolean;
}

/** The code and the link with Copy buttons; the creator page edits the code. */
export function CodeAndLink({ funnel, onSaveCode, editBlocked = null, compact = false }: CodeAndLinkProps) {
  const id = useId();
  const { t } = useT();
  const links = useTrackingLinks();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(funnel.discountCode ?? '');
  const code = funnel.discountCode;
  if (!code) return null;
  const url = links ? trackingUrl(links.origin, code, links.workspaceId) : null;

  const copy = (text: string, done: string) =>
    void (navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('no clipboard'))).then(
      () => toast.success(done),
      () => toast.error(t('results.copyFailed')),
    );

  function save(event: FormEvent) {
    event.preventDefault();
    if (onSaveCode && showResult(onSaveCode(draft))) setEditing(false);
  }

  const body = (
    <dl className="cf-details cf-code-and-link">
      <dt id={`${id}-code`}>{t('results.code')}</dt>
      <dd className="cf-row">
        <code aria-labelledby={`${id}-code`}>{code}</code>
        <Button size="small" aria-label={compact ? `${t('results.copyCode')} ${code}` : undefined} onClick={() => copy(code, t('results.codeCopied', { code }))}>
          {t('results.copyCode')}
        </Button>
        {onSaveCode && !editing && (
          <Button
            size="small"
            variant="ghost"
            disabledReason={editBlocked}
            onClick={() => {
              setDraft(code);
              setEditing(true);
            }}
          >
            {t('results.editCode')}
          </Button>
        )}
      </dd>
      <dt id={`${id}-link`}>{t('results.link')}</dt>
      <dd className="cf-row">
        {url ? (
          <>
            <code aria-labelledby={`${id}-link`} className="cf-break">
              {url}
            </code>
            <Button size="small" aria-label={compact ? `${t('results.copyLink')} ${code}` : undefined} onClick={() => copy(url, t('results.linkCopied'))}>
              {t('results.copyLink')}
            </Button>
          </>
        ) : (
          <span className="cf-muted">{t('results.noServer')}</span>
        )}
      </dd>
    </dl>
  );
  if (compact) return body;
  return (
    <section className="cf-card cf-stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('results.heading')}</h2>
      {body}
      {editing && (
        <form className="cf-row" onSubmit={save}>
          <div className="cf-field">
            <label htmlFor={`${id}-edit`}>{t('results.code')}</label>
            <input id={`${id}-edit`} className="cf-input" value={draft} maxLength={32} autoComplete="off" onChange={(event) => setDraft(event.target.value)} />
          </div>
          <Button type="submit" variant="primary">
            {t('results.saveCode')}
          </Button>
          <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
        </form>
      )}
    </section>
  );
}
