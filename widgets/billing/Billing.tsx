import { useState } from 'react';
import { formatPlanPrice, INVOICE_STATUS_COLOR, INVOICE_STATUS_LABEL, PLAN_OFFERS, salesMailto, SALES_EMAIL, usagePercent } from '../../lib/domain/billing';
import { formatDay, formatMoney } from '../../lib/format';
import { adminBaseStyles } from '../settings/sharedStyles';
import { BlockedNote, ScreenTitle } from '../settings/shared';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
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

function UsageBar({ label, used, limit, unit }: { label: string; used: number; limit: number; unit: string }) {
  const percent = usagePercent(used, limit);
  const text = Number.isFinite(limit) ? `${used} of ${limit} ${unit}` : `${used} ${unit} (unlimited)`;
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
  return (
    <div className="cf-stack" part="billing">
      <ScreenTitle embedded={embedded}>Billing &amp; Subscription</ScreenTitle>
      <div className="cf-billing-grid">
        <section className="cf-card cf-stack" aria-labelledby="cf-plan-title">
          <h3 id="cf-plan-title">Current Plan</h3>
          <p className="cf-plan-name">
            {plan.name} <span className="cf-muted">{formatPlanPrice(plan)}</span>
          </p>
          <p className="cf-muted">Renews on {billing.renewal}</p>
          <ul className="cf-features">
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <div className="cf-row">
            <Button variant="primary" onClick={() => setUpgrading(true)}>
              Upgrade Plan
            </Button>
            <a className="cf-button" data-variant="ghost" href={salesMailto()}>
              Contact Sales
            </a>
          </div>
        </section>
        <section className="cf-card cf-stack" aria-labelledby="cf-usage-title">
          <h3 id="cf-usage-title">Usage</h3>
          <UsageBar label="Creator funnels" used={usage.creatorsUsed} limit={usage.creatorsLimit} unit="funnels" />
          <UsageBar label="Storage" used={usage.storageUsedGb} limit={usage.storageLimitGb} unit="GB" />
        </section>
        <section className="cf-card cf-stack" aria-labelledby="cf-payment-title">
          <h3 id="cf-payment-title">Payment Method</h3>
          <p>
            <strong>Visa</strong> ending in 4242 <span className="cf-muted">· expires 12/2028</span>
          </p>
          <p className="cf-muted">
            To change the card on file, email <a href={salesMailto('Update payment method')}>{SALES_EMAIL}</a>.
          </p>
        </section>
      </div>
      <section className="cf-stack" aria-labelledby="cf-invoices-title">
        <h3 id="cf-invoices-title">Invoice History</h3>
        <div className="cf-table-wrap">
          <table className="cf-table" aria-labelledby="cf-invoices-title">
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Download</th>
              </tr>
            </thead>
            <tbody>
              {billing.invoices.length === 0 && (
                <tr>
                  <td colSpan={5} className="cf-empty">
                    No invoices yet
                  </td>
                </tr>
              )}
              {billing.invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>{invoice.id}</td>
                  <td>{formatDay(invoice.date, billing.timeZone)}</td>
                  <td>{formatMoney(invoice.amount)}</td>
                  <td>
                    <Badge color={INVOICE_STATUS_COLOR[invoice.status]}>{INVOICE_STATUS_LABEL[invoice.status]}</Badge>
                  </td>
                  <td>
                    <Button size="small" aria-label={`Download invoice ${invoice.id}`} onClick={() => billing.downloadInvoice(invoice)}>
                      Download
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <Dialog open={upgrading} onOpenChange={setUpgrading} title="Upgrade Plan" className="cf-upgrade-dialog">
        <BlockedNote reason={billing.blocked} />
        <ul className="cf-plan-offers">
          {PLAN_OFFERS.map((offer) => {
            const current = offer.name === plan.name;
            return (
              <li key={offer.name} className="cf-card cf-stack">
                <h3>{offer.name}</h3>
                <p className="cf-plan-price">{offer.price === null ? 'Custom pricing' : `$${offer.price} per month`}</p>
                <ul className="cf-features">
                  {offer.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                {current ? (
                  <Badge color="blue">Current plan</Badge>
                ) : offer.price === null ? (
                  <a className="cf-button" href={salesMailto(`${offer.name} plan`)}>
                    Contact Sales
                  </a>
                ) : (
                  <Button
                    variant="primary"
                    disabledReason={billing.blocked}
                    onClick={() => setSwitchingTo(offer)}
                  >
                    Switch to {offer.name}
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
        title={`Switch to ${switchingTo?.name ?? ''}?`}
        confirmLabel={`Switch to ${switchingTo?.name ?? ''}`}
        variant="primary"
        onConfirm={() => {
          if (switchingTo && billing.changePlan(switchingTo.name)) setUpgrading(false);
          setSwitchingTo(null);
        }}
      >
        <p>
          Your plan changes from {plan.name} to {switchingTo?.name} now, at ${switchingTo?.price} per month from the next renewal on {billing.renewal}.
          Invoices already issued do not change.
        </p>
      </ConfirmDialog>
    </div>
  );
}
