import { useState } from 'react';
import { INVOICE_STATUS_COLOR, PLAN_FEATURE_NAMES, PLAN_OFFERS, salesMailto, SALES_EMAIL, usagePercent } from '../../lib/domain/billing';
import type { Plan } from '../../lib/domain/types';
import { adminBaseStyles } from '../ui/adminStyles';
import { BlockedNote, ScreenTitle } from '../ui/AdminScreen';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { DataTable } from '../ui/DataTable';
import { Dialog } from '../ui/Dialog';
import { useT } from '../ui/i18n';
import { Screen } from '../ui/Screen';
import { billingStyles } from './styles';
import { useBillingController } from './useBillingController';

export interface BillingProps {}

/** Billing at /billing (spec §2 "Billing"). */
export function Billing(_props: BillingProps) {
  return (
    <Screen name="Billing" styles={adminBaseStyles + billingStyles} part="root">
      <BillingView />
    </Screen>
  );
}

function UsageBar({ label, used, limit, unit }: { label: string; used: number; limit: number; unit: 'funnels' | 'storage' }) {
  const { t, formatNumber } = useT();
  const percent = usagePercent(used, limit);
  const values = { used: formatNumber(used), limit: formatNumber(limit) };
  const text = Number.isFinite(limit) ? t(`billing.usage.${unit}`, values) : t(`billing.usage.${unit}Unlimited`, values);
  return (
    <div className="cf-stack cf-usage">
      <div className="cf-row">
        <span>{label}</span>
        <span className="cf-spacer" />
        <span>{text}</span>
      </div>
      <div className="cf-progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The billing body; inside Settings (`embedded`) its title is an h2. */
export function BillingView({ embedded = false }: { embedded?: boolean }) {
  const billing = useBillingController();
  const [upgrading, setUpgrading] = useState(false);
  /** The plan chosen in the Upgrade Plan dialog, waiting for confirmation (a plan change bills differently). */
  const [switchingTo, setSwitchingTo] = useState<(typeof PLAN_OFFERS)[number] | null>(null);
  const { plan, usage } = billing;
  const { t, formatDay, formatMoney } = useT();
  const renewal = formatDay(plan.renewalDate, billing.timeZone);
  const price = (amount: number, cycle: Plan['billingCycle'] = 'month') => t('billing.price', { amount, cycle });
  return (
    <div className="cf-stack" part="billing">
      <ScreenTitle embedded={embedded}>{t('billing.title')}</ScreenTitle>
      <div className="cf-billing-grid">
        <section className="cf-card cf-stack" aria-labelledby="cf-plan-title">
          <h3 id="cf-plan-title">{t('billing.currentPlan')}</h3>
          <p className="cf-plan-name">
            {plan.name} <span className="cf-muted">{price(plan.price, plan.billingCycle)}</span>
          </p>
          <p className="cf-muted">{t('billing.renews', { date: renewal })}</p>
          <ul className="cf-features">
            {plan.features.map((feature) => (
              <li key={feature}>{Object.hasOwn(PLAN_FEATURE_NAMES, feature) ? t(PLAN_FEATURE_NAMES[feature]) : feature}</li>
            ))}
          </ul>
          <div className="cf-row">
            <Button variant="primary" onClick={() => setUpgrading(true)}>
              {t('billing.upgrade')}
            </Button>
            <a className="cf-button" data-variant="ghost" href={salesMailto()}>
              {t('billing.contactSales')}
            </a>
          </div>
        </section>
        <section className="cf-card cf-stack" aria-labelledby="cf-usage-title">
          <h3 id="cf-usage-title">{t('billing.usage')}</h3>
          <UsageBar label={t('billing.creatorFunnels')} used={usage.creatorsUsed} limit={usage.creatorsLimit} unit="funnels" />
          <UsageBar label={t('billing.storage')} used={usage.storageUsedGb} limit={usage.storageLimitGb} unit="storage" />
        </section>
        <section className="cf-card cf-stack" aria-labelledby="cf-payment-title">
          <h3 id="cf-payment-title">{t('billing.paymentMethod')}</h3>
          <p>
            <strong>Visa</strong> {t('billing.cardEnding', { last4: '4242' })} <span className="cf-muted">· {t('billing.cardExpires', { date: '12/2028' })}</span>
          </p>
          <p className="cf-muted">
            {t('billing.changeCard')} <a href={salesMailto('Update payment method')}>{SALES_EMAIL}</a>{t('billing.changeCardEnd')}
          </p>
        </section>
      </div>
      <section className="cf-stack" aria-labelledby="cf-invoices-title">
        <h3 id="cf-invoices-title">{t('billing.invoices')}</h3>
        <DataTable
          labelledBy="cf-invoices-title"
          rows={billing.invoices}
          rowKey={(invoice) => invoice.id}
          empty={t('billing.noInvoices')}
          columns={[
            { key: 'invoice', header: t('billing.col.invoice'), render: (invoice) => invoice.id },
            { key: 'date', header: t('billing.col.date'), render: (invoice) => formatDay(invoice.date, billing.timeZone) },
            { key: 'amount', header: t('billing.col.amount'), render: (invoice) => formatMoney(invoice.amount) },
            {
              key: 'status',
              header: t('billing.col.status'),
              render: (invoice) => <Badge color={INVOICE_STATUS_COLOR[invoice.status]}>{t(`billing.status.${invoice.status}`)}</Badge>,
            },
            {
              key: 'download',
              header: t('billing.download'),
              render: (invoice) => (
                <Button size="small" aria-label={t('billing.downloadLabel', { id: invoice.id })} onClick={() => billing.downloadInvoice(invoice)}>
                  {t('billing.download')}
                </Button>
              ),
            },
          ]}
        />
      </section>
      <Dialog open={upgrading} onOpenChange={setUpgrading} title={t('billing.upgrade')} className="cf-upgrade-dialog">
        <BlockedNote reason={billing.blocked} />
        <ul className="cf-plan-offers">
          {PLAN_OFFERS.map((offer) => {
            const current = offer.name === plan.name;
            return (
              <li key={offer.name} className="cf-card cf-stack">
                <h3>{offer.name}</h3>
                <p className="cf-plan-price">{offer.price === null ? t('billing.customPricing') : price(offer.price)}</p>
                <ul className="cf-features">
                  {offer.features.map((feature) => (
                    <li key={feature}>{Object.hasOwn(PLAN_FEATURE_NAMES, feature) ? t(PLAN_FEATURE_NAMES[feature]) : feature}</li>
                  ))}
                </ul>
                {current ? (
                  <Badge color="blue">{t('billing.currentBadge')}</Badge>
                ) : offer.price === null ? (
                  <a className="cf-button" href={salesMailto(`${offer.name} plan`)}>
                    {t('billing.contactSales')}
                  </a>
                ) : (
                  <Button
                    variant="primary"
                    disabledReason={billing.blocked}
                    onClick={() => setSwitchingTo(offer)}
                  >
                    {t('billing.switchTo', { name: offer.name })}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </Dialog>
      <ConfirmDialog
        open={switchingTo !== null}
        onOpenChange={(open) => !open && setSwitchingTo(null)}
        title={t('billing.switchTitle', { name: switchingTo?.name ?? '' })}
        confirmLabel={t('billing.switchTo', { name: switchingTo?.name ?? '' })}
        variant="primary"
        onConfirm={() => {
          if (switchingTo && billing.changePlan(switchingTo.name)) setUpgrading(false);
          setSwitchingTo(null);
        }}
      >
        <p>{t('billing.switchBody', { from: plan.name, to: switchingTo?.name ?? '', price: switchingTo?.price ?? 0, date: renewal })}</p>
      </ConfirmDialog>
    </div>
  );
}
