import { useState, type ReactNode } from 'react';
import type { Address, Funnel } from '../../lib/domain/types';
import type { MessageKey } from '../../lib/i18n';
import { engagementTypeIn } from '../../lib/i18n/engagement';
import { Button } from '../ui/Button';
import { Link } from '../ui/navigation';
import { Screen } from '../ui/Screen';
import { showResult, toast } from '../ui/toast';
import { CreatorNotFound } from './CreatorDetail';
import { useT } from '../ui/i18n';
import { creatorStyles } from './styles';
import { PLACEHOLDER_ADDRESS, PLACEHOLDER_TRACKING, useCreator } from './useCreator';
import { routeTo } from '../ui/routes';

export interface CreatorPageProps {
  /** The funnel id (CR12345). */
  creatorId: string;
}

/** Frame of the creator subpages: back link, one h1, not-found handling. */
function CreatorPage({ name, title, creatorId, children }: { name: string; title: MessageKey; creatorId: string; children(c: ReturnType<typeof useCreator> & { funnel: Funnel }): ReactNode }) {
  return (
    <Screen name={name} styles={creatorStyles} part="root">
      <CreatorPageBody title={title} creatorId={creatorId}>
        {children}
      </CreatorPageBody>
    </Screen>
  );
}

function CreatorPageBody({ title, creatorId, children }: { title: MessageKey; creatorId: string; children(c: ReturnType<typeof useCreator> & { funnel: Funnel }): ReactNode }) {
  const c = useCreator(creatorId);
  const { t } = useT();
  if (!c.funnel) return <CreatorNotFound creatorId={creatorId} />;
  return (
    <div className="cf-stack">
      <Link className="cf-back cf-noprint" href={routeTo.creator(c.funnel.id)}>
        {t('creator.backTo', { name: c.funnel.creatorName })}
      </Link>
      <div>
        <h1>{t(title)}</h1>
        <p className="cf-muted" style={{ marginTop: -8 }}>
          {c.funnel.creatorName} · {c.funnel.creatorHandle} · #{c.funnel.id}
        </p>
      </div>
      {children({ ...c, funnel: c.funnel })}
    </div>
  );
}

const addressLines = (a: Address) => [a.line1, a.line2, `${a.city}, ${a.state} ${a.postalCode}`, a.country].filter(Boolean).join('\n');

/** Shipping Label Generator (spec §2): shipping details and Generate Label, which makes a printable label. */
export function ShippingLabel({ creatorId }: CreatorPageProps) {
  return (
    <CreatorPage name="Shipping Label Generator" title="creator.labelTitle" creatorId={creatorId}>
      {(c) => <LabelBody funnel={c.funnel} address={c.order?.shippingAddress ?? PLACEHOLDER_ADDRESS} tracking={c.order?.trackingNumber ?? PLACEHOLDER_TRACKING.number} carrier={c.order?.carrierName ?? PLACEHOLDER_TRACKING.carrier} now={c.now} timeZone={c.timeZone} />}
    </CreatorPage>
  );
}

function LabelBody({ funnel, address, tracking, carrier, now, timeZone }: { funnel: Funnel; address: Address; tracking: string; carrier: string; now: Date; timeZone: string }) {
  const [generated, setGenerated] = useState(false);
  const { t, formatDay } = useT();
  return (
    <>
      <section className="cf-card cf-stack cf-noprint" aria-label={t('creator.shippingDetailsLabel')}>
        <h2>{t('creator.shippingDetails')}</h2>
        <dl className="cf-details">
          <dt>{t('creator.name')}</dt>
          <dd>{funnel.creatorName}</dd>
          <dt>{t('creator.address')}</dt>
          <dd>
            <address className="cf-creator-address">{addressLines(address)}</address>
          </dd>
          <dt>{t('creator.carrier')}</dt>
          <dd>{carrier}</dd>
        </dl>
        <div className="cf-row">
          <Button variant="primary" onClick={() => setGenerated(true)}>
            {t('creator.generateLabel')}
          </Button>
          {generated && <Button onClick={() => window.print()}>{t('creator.printLabel')}</Button>}
        </div>
      </section>
      {generated && (
        <article className="cf-label-sheet" aria-label={t('creator.shippingLabel')} part="label">
          <h2>{t('creator.ground', { carrier })}</h2>
          <div>
            <strong>{t('creator.from')}</strong>
            <address className="cf-creator-address">{'Creatorflow Fulfilment\n1 Warehouse Way\nOakland, CA 94607\nUS'}</address>
          </div>
          <div>
            <strong>{t('creator.to')}</strong>
            <address className="cf-creator-address">{`${funnel.creatorName}\n${addressLines(address)}`}</address>
          </div>
          <Barcode value={tracking} />
          <p>{t('creator.trackingLine', { number: tracking })}</p>
          <p>
            {t('creator.ref', { id: funnel.id, date: formatDay(now, timeZone) })}
          </p>
        </article>
      )}
    </>
  );
}

/** A decorative barcode drawn from the tracking number's characters. */
function Barcode({ value }: { value: string }) {
  return (
    <div className="cf-barcode" aria-hidden="true">
      {[...value].map((ch, i) => (
        <i key={i} style={{ width: 1 + (ch.charCodeAt(0) % 4), marginRight: 1 + (ch.charCodeAt(0) % 3) }} />
      ))}
    </div>
  );
}

/** Shipment Tracking (spec §2): tracking number, the 'Package shipped' event, Share Tracking copies a link. */
export function ShipmentTracking({ creatorId }: CreatorPageProps) {
  return (
    <CreatorPage name="Shipment Tracking" title="creator.trackingTitle" creatorId={creatorId}>
      {(c) => <TrackingBody c={c} />}
    </CreatorPage>
  );
}

function TrackingBody({ c }: { c: ReturnType<typeof useCreator> & { funnel: Funnel } }) {
  const { t, formatDateTime } = useT();
        const number = c.order?.trackingNumber ?? PLACEHOLDER_TRACKING.number;
        const carrier = c.order?.carrierName ?? PLACEHOLDER_TRACKING.carrier;
        const shippedAt = c.order?.history.find((h) => h.status === 'Shipped')?.timestamp ?? c.funnel.lastUpdated;
        const share = async () => {
          const link = `${window.location.origin}/creator/${encodeURIComponent(c.funnel.id)}/shipment/tracking`;
          try {
            await navigator.clipboard.writeText(link);
            toast.success(t('creator.linkCopied'));
          } catch {
            toast.error(t('creator.copyFailed', { link }));
          }
        };
        return (
          <section className="cf-card cf-stack" aria-label={t('creator.tracking')}>
            <dl className="cf-details">
              <dt>{t('creator.trackingNumber')}</dt>
              <dd>{number}</dd>
              <dt>{t('creator.carrier')}</dt>
              <dd>{carrier}</dd>
            </dl>
            <h2>{t('creator.events')}</h2>
            <ol className="cf-events">
              <li>
                <strong>{t('creator.packageShipped')}</strong>
                <br />
                <span className="cf-muted">{formatDateTime(shippedAt, c.timeZone)}</span>
              </li>
            </ol>
            <div>
              <Button variant="primary" onClick={() => void share()}>
                {t('creator.shareTracking')}
              </Button>
            </div>
          </section>
        );
}

/** Creative Brief (spec §2): the template's four sections and Send Brief, which advances the funnel like a step save. */
export function CreativeBrief({ creatorId }: CreatorPageProps) {
  return (
    <CreatorPage name="Creative Brief" title="creator.briefTitle" creatorId={creatorId}>
      {(c) => <BriefBody c={c} />}
    </CreatorPage>
  );
}

function BriefBody({ c }: { c: ReturnType<typeof useCreator> & { funnel: Funnel } }) {
  const translator = useT();
  const { t, formatDay, formatMoney } = translator;
        const f = c.funnel;
        return (
          <article className="cf-card cf-stack" aria-label={t('creator.brief')}>
            <section className="cf-doc-section">
              <h2>{t('creator.overview')}</h2>
              <p>
                {t('creator.overviewBody', { type: engagementTypeIn(translator, f.engagementType).toLowerCase(), name: f.creatorName, platform: f.platform, value: formatMoney(f.value), due: formatDay(f.dueDate, c.timeZone) })}
              </p>
            </section>
            <section className="cf-doc-section">
              <h2>{t('creator.requirements')}</h2>
              <ul>
                <li>{t('creator.req1', { type: engagementTypeIn(translator, f.engagementType).toLowerCase() })}</li>
                <li>{t('creator.req2')}</li>
                <li>{t('creator.req3')}</li>
              </ul>
            </section>
            <section className="cf-doc-section">
              <h2>{t('creator.guidelines')}</h2>
              <p>{t('creator.guidelinesBody')}</p>
            </section>
            <section className="cf-doc-section">
              <h2>{t('creator.specs')}</h2>
              <p>{t(f.platform === 'Instagram' ? 'creator.specs.instagram' : f.platform === 'TikTok' ? 'creator.specs.tiktok' : 'creator.specs.other')}</p>
            </section>
            <div>
              <Button variant="primary" disabledReason={c.writeBlocked} onClick={() => showResult(c.store.funnels.sendBrief(f.id), { position: 'bottom-right' })}>
                {t('creator.sendBrief')}
              </Button>
            </div>
          </article>
        );
}
