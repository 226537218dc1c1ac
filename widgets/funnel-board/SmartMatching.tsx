import { useSignals } from '@preact/signals-react/runtime';
import { problemOf } from '../../lib/domain/messages';
import { useId, useState } from 'react';
import { CRITERIA_GROUPS, SUGGESTED_CREATORS } from '../../lib/sample/suggestions';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { useT, useWhyNot } from '../ui/i18n';
import { useStore } from '../ui/store-context';
import { showResult } from '../ui/toast';
import { TagEditor } from './TagEditor';

/** Smart Matching (spec §2): editable criteria tags, creator search, suggested creators with Invite. */
export function SmartMatching() {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const { t, formatCompact } = useT();
  const criteria = store.funnels.matchingCriteria.value.value;
  const funnels = store.funnels.items.items.value;
  const blocked = whyNot();
  const needle = search.trim().toLowerCase();
  const suggested = SUGGESTED_CREATORS.filter((c) => !needle || c.name.toLowerCase().includes(needle) || c.handle.toLowerCase().includes(needle));
  const invitedHandles = new Set(funnels.filter((f) => SUGGESTED_CREATORS.some((c) => c.handle === f.creatorHandle)).map((f) => f.creatorHandle));

  return (
    <div className="cf-stack">
      {CRITERIA_GROUPS.map((group) => (
        <section key={group.id} aria-label={t(`funnelBoard.criteriaLabel.${group.id}`)}>
          <h3 className="cf-section-title">{t(`funnelBoard.criteria.${group.id}`)}</h3>
          <TagEditor
            label={t(`funnelBoard.criteriaLabel.${group.id}`)}
            addLabel={t(`funnelBoard.criteriaAdd.${group.id}`)}
            tags={criteria[group.id] ?? []}
            blocked={blocked}
            hideLabel
            onAdd={(text) => {
              const result = store.funnels.addCriteriaTag(group.id, text);
              return result.ok ? null : problemOf(result);
            }}
            onRemove={(tag) => showResult(store.funnels.removeCriteriaTag(group.id, tag))}
          />
        </section>
      ))}
      <div className="cf-field">
        <label htmlFor={searchId}>{t('funnelBoard.matching.search')}</label>
        <input id={searchId} type="search" className="cf-input" placeholder={t('funnelBoard.matching.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      <h3 className="cf-section-title">{t('funnelBoard.matching.suggested')}</h3>
      {suggested.length === 0 ? (
        <p className="cf-muted">{t('funnelBoard.matching.none')}</p>
      ) : (
        <ul className="cf-suggested" aria-label={t('funnelBoard.matching.suggestedList')}>
          {suggested.map((c) => {
            const invited = invitedHandles.has(c.handle);
            return (
              <li key={c.id}>
                <Avatar name={c.name} src={c.avatar} size={40} />
                <div className="cf-suggested-who">
                  <p>
                    <strong>{c.name}</strong> <span className="cf-muted">{c.handle}</span>
                  </p>
                  <p className="cf-muted">
                    {t('funnelBoard.matching.facts', { score: c.matchScore, followers: formatCompact(c.followers), engagement: c.engagement })}
                  </p>
                </div>
                <Button
                  size="small"
                  variant="primary"
                  disabledReason={invited ? null : blocked}
                  disabled={invited}
                  aria-label={t(invited ? 'funnelBoard.matching.invitedLabel' : 'funnelBoard.matching.inviteLabel', { name: c.name })}
                  onClick={() => showResult(store.funnels.inviteSuggested(c.id))}
                >
                  {t(invited ? 'funnelBoard.matching.invited' : 'funnelBoard.matching.invite')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
