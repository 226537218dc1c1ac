// The creator page's commission: the engagement's terms (edited by staff who may, read by
// everyone else), its ledger by month (earned, paid, balance) and the payments an Admin marked.
import { useId, useState, type FormEvent } from 'react';
import type { Ledger } from '../../lib/domain/commission';
import type { Funnel } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';
import { showResult } from '../ui/toast';
import { useCommission } from './useCommission';
import { ScrollRegion } from '../ui/ScrollRegion';

/** A number field's text as a term: empty is no term. */
const termOf = (text: string) => (text.trim() === '' ? null : Number(text));

export function CommissionPanel({ funnel }: { funnel: Funnel }) {
  const id = useId();
  const { t, formatMoney, formatPercent, formatDay } = useT();
  const c = useCommission(funnel);
  const { ledger } = c;
  const [percent, setPercent] = useState(funnel.commissionPercent === undefined ? '' : String(funnel.commissionPercent));
  const [fee, setFee] = useState(funnel.flatFee === undefined ? '' : String(funnel.flatFee));
  const [paidOn, setPaidOn] = useState(c.today);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');

  function saveTerms(event: FormEvent) {
    event.preventDefault();
    showResult(c.saveTerms(termOf(percent), termOf(fee)));
  }

  function recordPayment(event: FormEvent) {
    event.preventDefault();
    if (!showResult(c.recordPayment({ paidOn, amount: amount.trim() === '' ? 0 : Number(amount), reference }))) return;
    setAmount('');
    setReference('');
  }

  return (
    <section className="cf-card cf-stack" aria-labelledby={id}>
      <h2 id={id}>{t('commission.title')}</h2>
      <h3>{t('commission.terms')}</h3>
      {c.termsBlocked ? (
        <dl className="cf-details">
          <dt>{t('commission.percent')}</dt>
          <dd>{funnel.commissionPercent === undefined ? t('commission.none') : formatPercent(funnel.commissionPercent, 2)}</dd>
          <dt>{t('commission.flatFee')}</dt>
          <dd>{funnel.flatFee === undefined ? t('commission.none') : formatMoney(funnel.flatFee)}</dd>
        </dl>
      ) : (
        <form className="cf-row" onSubmit={saveTerms}>
          <div className="cf-field">
            <label htmlFor={`${id}-percent`}>{t('commission.percent')}</label>
            <input id={`${id}-percent`} className="cf-input" type="number" min={0} max={100} step="0.01" value={percent} onChange={(e) => setPercent(e.target.value)} />
          </div>
          <div className="cf-field">
            <label htmlFor={`${id}-fee`}>{t('commission.flatFee')}</label>
            <input id={`${id}-fee`} className="cf-input" type="number" min={0} step="0.01" value={fee} onChange={(e) => setFee(e.target.value)} />
          </div>
          <div>
            <Button type="submit">{t('commission.save')}</Button>
          </div>
        </form>
      )}
      <p className="cf-muted">{t('commission.termsHelp')}</p>
      {ledger ? (
        <LedgerTable ledger={ledger} name={funnel.creatorName} />
      ) : c.salesError ? (
        <p role="alert" className="cf-banner" data-tone="error">
          {t('commission.salesUnavailable', { reason: c.salesError })}
        </p>
      ) : (
        <p className="cf-muted" role="status">
          {t('commission.loadingSales')}
        </p>
      )}
      <h3>{t('commission.markPaid')}</h3>
      <p className="cf-muted">{t('commission.noMoney')}</p>
      <form className="cf-row" onSubmit={recordPayment}>
        <div className="cf-field">
          <label htmlFor={`${id}-paid-on`}>{t('commission.paidOn')}</label>
          <input id={`${id}-paid-on`} className="cf-input" type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
        </div>
        <div className="cf-field">
          <label htmlFor={`${id}-amount`}>{t('commission.amount')}</label>
          <input id={`${id}-amount`} className="cf-input" type="number" min={0.01} step="0.01" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
        <div className="cf-field">
          <label htmlFor={`${id}-reference`}>{t('commission.reference')}</label>
          <input id={`${id}-reference`} className="cf-input" maxLength={100} value={reference} onChange={(e) => setReference(e.target.value)} />
        </div>
        <div>
          <Button type="submit" disabledReason={c.paymentBlocked}>
            {t('commission.recordPayment')}
          </Button>
        </div>
      </form>
      {c.payments.length > 0 && (
        <ScrollRegion label={t('commission.payments')}>
          <table className="cf-table">
            <caption>{t('commission.payments')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('commission.paidOn')}</th>
                <th scope="col">{t('commission.amount')}</th>
                <th scope="col">{t('commission.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {c.payments.map((p) => (
                <tr key={p.id}>
                  <td>{formatDay(`${p.paidOn}T12:00:00Z`, 'UTC')}</td>
                  <td>{formatMoney(p.amount)}</td>
                  <td>{p.reference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

/** The ledger: what is owed now, and earned, paid and the balance by month. */
function LedgerTable({ ledger, name }: { ledger: Ledger; name: string }) {
  const { t, formatMoney, formatPattern } = useT();
  const monthName = (month: string) => formatPattern(`${month}-15T12:00:00Z`, 'MMMM yyyy', 'UTC');
  return (
    <>
    <p>
      <strong>
        {ledger.balance > 0
          ? t('commission.owed', { amount: formatMoney(ledger.balance) })
          : ledger.balance < 0
            ? t('commission.paidAhead', { amount: formatMoney(-ledger.balance) })
            : t('commission.settled')}
      </strong>
    </p>
    {ledger.months.length === 0 ? (
      <p className="cf-muted">{t('commission.empty')}</p>
    ) : (
      <ScrollRegion label={t('commission.ledger', { name })}>
        <table className="cf-table">
          <caption>{t('commission.ledger', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('commission.month')}</th>
              <th scope="col">{t('commission.netSales')}</th>
              <th scope="col">{t('commission.orders')}</th>
              <th scope="col">{t('commission.commission')}</th>
              <th scope="col">{t('commission.flatFeeColumn')}</th>
              <th scope="col">{t('commission.earned')}</th>
              <th scope="col">{t('commission.paid')}</th>
              <th scope="col">{t('commission.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {ledger.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month)}</th>
                <td>{formatMoney(m.netSales)}</td>
                <td>{m.orders}</td>
                <td>{formatMoney(m.commission)}</td>
                <td>{formatMoney(m.flatFee)}</td>
                <td>{formatMoney(m.earned)}</td>
                <td>{formatMoney(m.paid)}</td>
                <td>{formatMoney(m.balance)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('commission.total')}</th>
              <td>{formatMoney(ledger.netSales)}</td>
              <td>{ledger.orders}</td>
              <td>{formatMoney(ledger.commission)}</td>
              <td>{formatMoney(ledger.flatFees)}</td>
              <td>{formatMoney(ledger.earned)}</td>
              <td>{formatMoney(ledger.paid)}</td>
              <td>{formatMoney(ledger.balance)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    )}
    </>
  );
}
