// The security log under the activity log, for Admins on a team server: sign-ins, failed
// attempts, two-factor, session and key changes, with the device and an address range. The server
// keeps it apart from the synced activity entries, so no other member ever receives it.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useState } from 'react';
import type { SecurityEvent } from '../../lib/domain/two-factor';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import { useT } from '../ui/i18n';
import { useStore } from '../ui/store-context';
import { ScrollRegion } from '../ui/ScrollRegion';

export function SecurityLog({ timeZone }: { timeZone: string }) {
  useSignals();
  const store = useStore();
  const api = store.teamApi?.security ?? null;
  const isAdmin = store.session.currentMember.value?.role === 'Admin';
  const i18n = useT();
  const { t, formatDateTime } = i18n;
  const id = useId();
  const [events, setEvents] = useState<SecurityEvent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!api || !isAdmin) return;
    let live = true;
    void api.securityLog().then((answer) => {
      if (!live) return;
      if (answer.ok) setEvents(answer.events);
      else setError(serverErrorIn(i18n, answer));
    });
    return () => {
      live = false;
    };
  }, [api, isAdmin, i18n]);
  if (!api || !isAdmin) return null;
  return (
    <section className="cf-card cf-stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('security.log.title')}</h2>
      <p className="cf-muted">{t('security.log.hint')}</p>
      {error && (
        <p role="alert" className="cf-error">
          {error}
        </p>
      )}
      {events && events.length === 0 && <p>{t('security.log.empty')}</p>}
      {events && events.length > 0 && (
        <ScrollRegion label={t('security.log.tableLabel')}>
          <table className="cf-table" aria-label={t('security.log.tableLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('security.log.col.when')}</th>
                <th scope="col">{t('security.log.col.member')}</th>
                <th scope="col">{t('security.log.col.event')}</th>
                <th scope="col">{t('security.log.col.device')}</th>
                <th scope="col">{t('security.log.col.place')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <td>
                    <time dateTime={event.at}>{formatDateTime(event.at, timeZone)}</time>
                  </td>
                  <td>{event.memberName}</td>
                  <td>{t(`security.log.kind.${event.kind}`)}</td>
                  <td>{event.device || t('security.sessions.unknownDevice')}</td>
                  <td>{event.place || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
