// The creator page's portal panel: what the creator answered on their portal and when, the
// products allowance staff set for it, and the creator's personal link (copied, or renewed).
import { useId, useState, type FormEvent } from 'react';
import { DeveloperRequestError } from '../../lib/developer/client';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import type { Funnel } from '../../lib/domain/types';
import { portalLinksClient } from '../../lib/portal/links';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';
import { showResult, toast } from '../ui/toast';
import type { useCreator } from './useCreator';

type CreatorController = ReturnType<typeof useCreator>;

export function CreatorPortalPanel({ creator, funnel }: { creator: CreatorController; funnel: Funnel }) {
  const id = useId();
  const i18n = useT();
  const { t, formatDateTime, formatMoney } = i18n;
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [maxItems, setMaxItems] = useState(String(funnel.giftAllowance?.maxItems ?? 0));
  const [maxValue, setMaxValue] = useState(String(funnel.giftAllowance?.maxValue ?? 0));
  const links = portalLinksClient();
  const a = funnel.portal ?? {};
  // A creator who opted out gets no new link and no email: the buttons say so.
  const optedOut = a.optedOutAt ? t('creator.optedOut.reason', { handle: funnel.creatorHandle }) : null;
  const answers: [string, string | undefined, string?][] = [
    [t('creator.portal.answer.confirmed'), a.confirmedAt],
    [t('creator.portal.answer.declined'), a.declinedAt],
    [t('creator.portal.answer.address'), a.addressAt, a.address && [a.address.line1, a.address.line2, a.address.city, a.address.state, a.address.postalCode, a.address.country].filter(Boolean).join(', ')],
    [t('creator.portal.answer.products'), a.productsAt],
    [t('creator.portal.answer.brief'), a.briefAcknowledgedAt],
    [t('creator.portal.answer.deliverables'), a.deliverablesAt, a.deliverableLinks?.map((l) => (l.note ? `${l.url} (${l.note})` : l.url)).join(', ')],
    [t('creator.portal.answer.optedOut'), a.optedOutAt],
  ];
  const given = answers.filter(([, at]) => at);

  async function getLink(kind: 'mint' | 'rotate') {
    if (!links) return;
    setBusy(true);
    try {
      const url = await links[kind](funnel.id);
      setLink(url);
      // The link is shown either way; a browser that refuses the clipboard still lets staff copy it by hand.
      await navigator.clipboard?.writeText(url).catch(() => undefined);
      toast.success(kind === 'mint' ? t('creator.portal.copied') : t('creator.portal.rotated'));
    } catch (error) {
      const message = (error instanceof DeveloperRequestError && serverErrorIn(i18n, error.body)) || String(error);
      toast.error(t('creator.portal.linkFailed', { message }));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (!links) return;
    setBusy(true);
    try {
      const to = await links.resend(funnel.id);
      toast.success(t('creator.portal.resent', { email: to }));
    } catch (error) {
      const message = (error instanceof DeveloperRequestError && serverErrorIn(i18n, error.body)) || String(error);
      toast.error(t('creator.portal.resendFailed', { message }));
    } finally {
      setBusy(false);
    }
  }

  function saveAllowance(event: FormEvent) {
    event.preventDefault();
    showResult(creator.store.funnels.setGiftAllowance(funnel.id, Number(maxItems), Number(maxValue)));
  }

  return (
    <section className="cf-card cf-stack" aria-labelledby={id}>
      <h2 id={id}>{t('creator.portal.title')}</h2>
      <h3>{t('creator.portal.answers')}</h3>
      {given.length === 0 ? (
        <p className="cf-muted">{t('creator.portal.noAnswers')}</p>
      ) : (
        <ul className="cf-history" aria-label={t('creator.portal.answers')}>
          {given.map(([label, at, detail]) => (
            <li key={label}>
              <p className="cf-muted" style={{ margin: 0 }}>
                {formatDateTime(at!, creator.timeZone)}
              </p>
              <p style={{ margin: 0 }}>
                {label}
                {detail ? `: ${detail}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form className="cf-stack" onSubmit={saveAllowance}>
        <div className="cf-field">
          <label htmlFor={`${id}-items`}>{t('creator.portal.maxItems')}</label>
          <input id={`${id}-items`} className="cf-input" type="number" min={0} max={100} step={1} value={maxItems} onChange={(e) => setMaxItems(e.target.value)} />
        </div>
        <div className="cf-field">
          <label htmlFor={`${id}-value`}>{t('creator.portal.maxValue')}</label>
          <input id={`${id}-value`} className="cf-input" type="number" min={0} step="0.01" value={maxValue} onChange={(e) => setMaxValue(e.target.value)} aria-describedby={`${id}-value-now`} />
          <p id={`${id}-value-now`} className="cf-muted" style={{ margin: 0 }}>
            {formatMoney(funnel.giftAllowance?.maxValue ?? 0)}
          </p>
        </div>
        <div>
          <Button type="submit" disabledReason={creator.writeBlocked}>
            {t('creator.portal.saveAllowance')}
          </Button>
        </div>
      </form>
      {links ? (
        <>
          <div className="cf-quick-actions">
            <Button variant="primary" disabled={busy} disabledReason={creator.writeBlocked ?? optedOut} onClick={() => void getLink('mint')}>
              {t('creator.portal.copy')}
            </Button>
            {/* Resend sends the latest outreach email again: there is none before an email went out. */}
            {funnel.outreach?.some((entry) => entry.delivery) && (
              <Button disabled={busy} disabledReason={creator.outreachBlocked ?? optedOut} onClick={() => void resend()}>
                {t('creator.portal.resend')}
              </Button>
            )}
            <Button disabled={busy} disabledReason={creator.writeBlocked ?? optedOut} onClick={() => void getLink('rotate')}>
              {t('creator.portal.rotate')}
            </Button>
          </div>
          {link && (
            <div className="cf-field">
              <label htmlFor={`${id}-link`}>{t('creator.portal.linkLabel')}</label>
              <input id={`${id}-link`} className="cf-input" readOnly value={link} onFocus={(e) => e.target.select()} />
            </div>
          )}
        </>
      ) : (
        <p className="cf-muted">{t('creator.portal.serverOnly')}</p>
      )}
    </section>
  );
}
