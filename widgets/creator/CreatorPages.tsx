import { useState, type ReactNode } from 'react';
import type { Address, Funnel } from '../../lib/domain/types';
import { formatDateTime, formatDay, formatMoney } from '../../lib/format';
import { Button } from '../ui/Button';
import { Link } from '../ui/navigation';
import { Screen } from '../ui/Screen';
import { showResult, toast } from '../ui/toast';
import { CreatorNotFound } from './CreatorDetail';
import { creatorStyles } from './styles';
import { PLACEHOLDER_ADDRESS, PLACEHOLDER_TRACKING, useCreator } from './useCreator';

export interface CreatorPageProps {
  /** The funnel id (CR12345). */
  creatorId: string;
}

/** Frame of the creator subpages: back link, one h1, not-found handling. */
function CreatorPage({ name, creatorId, children }: { name: string; creatorId: string; children(c: ReturnType<typeof useCreator> & { funnel: Funnel }): ReactNode }) {
  return (
    <Screen name={name} styles={creatorStyles} part="root">
      <CreatorPageBody name={name} creatorId={creatorId}>
        {children}
      </CreatorPageBody>
    </Screen>
  );
}

function CreatorPageBody({ name, creatorId, children }: { name: string; creatorId: string; children(c: ReturnType<typeof useCreator> & { funnel: Funnel }): ReactNode }) {
  const c = useCreator(creatorId);
  if (!c.funnel) return <CreatorNotFound creatorId={creatorId} />;
  return (
    <div className="cf-stack">
      <Link className="cf-back cf-noprint" href={`/creator/${encodeURIComponent(c.funnel.id)}`}>
        ← Back to {c.funnel.creatorName}
      </Link>
      <div>
        <h1>{name}</h1>
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
    <CreatorPage name="Shipping Label Generator" creatorId={creatorId}>
      {(c) => <LabelBody funnel={c.funnel} address={c.order?.shippingAddress ?? PLACEHOLDER_ADDRESS} tracking={c.order?.trackingNumber ?? PLACEHOLDER_TRACKING.number} carrier={c.order?.carrierName ?? PLACEHOLDER_TRACKING.carrier} now={c.now} timeZone={c.timeZone} />}
    </CreatorPage>
  );
}

function LabelBody({ funnel, address, tracking, carrier, now, timeZone }: { funnel: Funnel; address: Address; tracking: string; carrier: string; now: Date; timeZone: string }) {
  const [generated, setGenerated] = useState(false);
  return (
    <>
      <section className="cf-card cf-stack cf-noprint" aria-label="Shipping details">
        <h2>Shipping Details</h2>
        <dl className="cf-details">
          <dt>Name</dt>
          <dd>{funnel.creatorName}</dd>
          <dt>Address</dt>
          <dd style={{ whiteSpace: 'pre-line' }}>{addressLines(address)}</dd>
          <dt>Carrier</dt>
          <dd>{carrier}</dd>
        </dl>
        <div className="cf-row">
          <Button variant="primary" onClick={() => setGenerated(true)}>
            Generate Label
          </Button>
          {generated && <Button onClick={() => window.print()}>Print Label</Button>}
        </div>
      </section>
      {generated && (
        <article className="cf-label-sheet" aria-label="Shipping label" part="label">
          <h2>{carrier} · Ground</h2>
          <p>
            <strong>From:</strong>
            {'\n'}Creatorflow Fulfilment{'\n'}1 Warehouse Way{'\n'}Oakland, CA 94607{'\n'}US
          </p>
          <p>
            <strong>To:</strong>
            {'\n'}
            {funnel.creatorName}
            {'\n'}
            {addressLines(address)}
          </p>
          <Barcode value={tracking} />
          <p>Tracking: {tracking}</p>
          <p>
            Ref #{funnel.id} · {formatDay(now, timeZone)}
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
    <CreatorPage name="Shipment Tracking" creatorId={creatorId}>
      {(c) => {
        const number = c.order?.trackingNumber ?? PLACEHOLDER_TRACKING.number;
        const carrier = c.order?.carrierName ?? PLACEHOLDER_TRACKING.carrier;
        const shippedAt = c.order?.history.find((h) => h.status === 'Shipped')?.timestamp ?? c.funnel.lastUpdated;
        const share = async () => {
          const link = `${window.location.origin}/creator/${encodeURIComponent(c.funnel.id)}/shipment/tracking`;
          try {
            await navigator.clipboard.writeText(link);
            toast.success('Tracking link copied to clipboard');
          } catch {
            toast.error(`Could not copy the link. Copy it yourself: ${link}`);
          }
        };
        return (
          <section className="cf-card cf-stack" aria-label="Tracking">
            <dl className="cf-details">
              <dt>Tracking number</dt>
              <dd>{number}</dd>
              <dt>Carrier</dt>
              <dd>{carrier}</dd>
            </dl>
            <h2>Events</h2>
            <ol className="cf-events">
              <li>
                <strong>Package shipped</strong>
                <br />
                <span className="cf-muted">{formatDateTime(shippedAt, c.timeZone)}</span>
              </li>
            </ol>
            <div>
              <Button variant="primary" onClick={() => void share()}>
                Share Tracking
              </Button>
            </div>
          </section>
        );
      }}
    </CreatorPage>
  );
}

/** Creative Brief (spec §2): the template's four sections and Send Brief, which advances the funnel like a step save. */
export function CreativeBrief({ creatorId }: CreatorPageProps) {
  return (
    <CreatorPage name="Creative Brief" creatorId={creatorId}>
      {(c) => {
        const f = c.funnel;
        return (
          <article className="cf-card cf-stack" aria-label="Brief">
            <section className="cf-doc-section">
              <h2>Project Overview</h2>
              <p>
                A {f.engagementType.toLowerCase()} campaign with {f.creatorName} on {f.platform}, worth {formatMoney(f.value)}, due {formatDay(f.dueDate, c.timeZone)}.
              </p>
            </section>
            <section className="cf-doc-section">
              <h2>Content Requirements</h2>
              <ul>
                <li>One {f.engagementType.toLowerCase()} featuring the product in use.</li>
                <li>Clear call to action with the campaign link.</li>
                <li>Partnership disclosure (#ad) in the first line.</li>
              </ul>
            </section>
            <section className="cf-doc-section">
              <h2>Brand Guidelines</h2>
              <p>Keep the tone authentic and positive; show the product in natural light; do not mention competitors.</p>
            </section>
            <section className="cf-doc-section">
              <h2>Technical Specifications</h2>
              <p>{f.platform === 'Instagram' ? 'Feed 1080×1350 or Reels 1080×1920, up to 90 s.' : f.platform === 'TikTok' ? 'Vertical 1080×1920, 15–60 s.' : 'Landscape 1920×1080, at least 60 s, with captions.'}</p>
            </section>
            <div>
              <Button variant="primary" disabledReason={c.writeBlocked} onClick={() => showResult(c.store.funnels.sendBrief(f.id), { position: 'bottom-right' })}>
                Send Brief
              </Button>
            </div>
          </article>
        );
      }}
    </CreatorPage>
  );
}
