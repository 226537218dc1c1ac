import { useSignals } from '@preact/signals-react/runtime';
import { useId, useState } from 'react';
import { CRITERIA_GROUPS, SUGGESTED_CREATORS } from '../../lib/sample/suggestions';
import { formatCompact } from '../../lib/format';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { useStore } from '../ui/store-context';
import { showResult } from '../ui/toast';
import { TagEditor } from './TagEditor';

/** Smart Matching (spec §2): editable criteria tags, creator search, suggested creators with Invite. */
export function SmartMatching() {
  useSignals();
  const store = useStore();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const criteria = store.funnels.matchingCriteria.value.value;
  const funnels = store.funnels.items.items.value;
  const blocked = store.session.whyNot();
  const needle = search.trim().toLowerCase();
  const suggested = SUGGESTED_CREATORS.filter((c) => !needle || c.name.toLowerCase().includes(needle) || c.handle.toLowerCase().includes(needle));
  const invitedHandles = new Set(funnels.filter((f) => SUGGESTED_CREATORS.some((c) => c.handle === f.creatorHandle)).map((f) => f.creatorHandle));

  return (
    <div className="cf-stack">
      {CRITERIA_GROUPS.map((group) => (
        <section key={group.id} aria-label={`${group.label} criteria`}>
          <h3 className="cf-section-title">{group.label}</h3>
          <TagEditor
            label={`${group.label} criteria`}
            tags={criteria[group.id] ?? []}
            blocked={blocked}
            hideLabel
            onAdd={(text) => {
              const result = store.funnels.addCriteriaTag(group.id, text);
              return result.ok ? null : result.error;
            }}
            onRemove={(tag) => showResult(store.funnels.removeCriteriaTag(group.id, tag))}
          />
        </section>
      ))}
      <div className="cf-field">
        <label htmlFor={searchId}>Search creators</label>
        <input id={searchId} type="search" className="cf-input" placeholder="Search creators" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      <h3 className="cf-section-title">Suggested Creators</h3>
      {suggested.length === 0 ? (
        <p className="cf-muted">No suggested creators match your search.</p>
      ) : (
        <ul className="cf-suggested" aria-label="Suggested creators">
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
                    {c.matchScore}% match · {formatCompact(c.followers)} followers · {c.engagement}% engagement
                  </p>
                </div>
                <Button
                  size="small"
                  variant="primary"
                  disabledReason={invited ? null : blocked}
                  disabled={invited}
                  aria-label={invited ? `${c.name} invited` : `Invite ${c.name}`}
                  onClick={() => showResult(store.funnels.inviteSuggested(c.id))}
                >
                  {invited ? 'Invited' : 'Invite'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
