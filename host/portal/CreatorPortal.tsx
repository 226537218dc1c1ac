// The creator portal's views: one funnel, in the creator's language, one section per answer.
// Each section shows what the server holds (and when), or the form that asks for it.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { Message } from '../../lib/domain/messages';
import { MAX_DELIVERABLE_LINKS, PRODUCTS_FIELD, deliverableLinkProblems, linkField, productPickProblem, shippingAddressProblems } from '../../lib/domain/portal';
import type { Address } from '../../lib/domain/types';
import { LANGUAGE_CODES, LANGUAGE_NAMES, LANGUAGE_TAGS } from '../../lib/i18n';
import { engagementTypeIn } from '../../lib/i18n/engagement';
import { Button, type ButtonProps } from '../../widgets/ui/Button';
import { Select } from '../../widgets/ui/Select';
import { baseStyles } from '../../widgets/ui/styles';
import { useAdoptStyles } from '../../widgets/ui/useAdoptStyles';
import { PortalResults } from './PortalResults';
import type { PortalController } from './usePortal';

const portalStyles = `
html, body { margin: 0; background: var(--cf-color-bg, #f6f7fb); }
.cf-portal { max-width: 40rem; margin: 0 auto; padding: 16px; display: flex; flex-direction: column; gap: 16px; box-sizing: border-box; }
.cf-portal header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; }
.cf-portal-brand { font-weight: 700; color: var(--cf-color-primary); margin: 0; }
.cf-portal h1 { margin: 0; font-size: 1.5rem; }
.cf-portal h2 { margin: 0 0 8px; font-size: 1.15rem; }
.cf-portal form { display: flex; flex-direction: column; gap: 12px; }
.cf-portal .cf-input, .cf-portal .cf-select { width: 100%; box-sizing: border-box; }
.cf-portal dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
.cf-portal dt { color: var(--cf-color-muted); }
.cf-portal dd { margin: 0; overflow-wrap: anywhere; }
.cf-portal-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.cf-portal-products { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 8px; }
.cf-portal-products label { display: flex; gap: 8px; align-items: center; }
.cf-portal-done { color: var(--cf-color-green, #15803d); margin: 0; }
.cf-portal fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 8px; }
.cf-portal p { overflow-wrap: anywhere; }
.cf-portal-why { color: var(--cf-color-muted); align-self: center; }
.cf-portal-ask { display: flex; flex-direction: column; gap: 8px; padding: 12px; border: 1px solid var(--cf-color-border, #d0d5dd); border-radius: 8px; }
`;


export function PortalFrame({ portal, children }: { portal: PortalController; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useAdoptStyles(ref, baseStyles, portalStyles);
  const { t } = portal.tr;
  return (
    <main ref={ref} className="cf-root cf-portal">
      <header>
        <p className="cf-portal-brand">{portal.view?.brand ?? 'Creatorflow'}</p>
        {portal.status === 'ready' && (
          <label className="cf-field">
            <span>{t('portal.language')}</span>
            <Select
              value={portal.lang}
              options={LANGUAGE_CODES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code], lang: LANGUAGE_TAGS[code] }))}
              onValueChange={portal.chooseLanguage}
            />
          </label>
        )}
      </header>
      {children}
    </main>
  );
}

/** A section; `headingRef` lets an answer move focus to its heading, where its result is said. */
function Section({ title, children, headingRef }: { title: string; children: ReactNode; headingRef?: RefObject<HTMLHeadingElement | null> }) {
  const id = useId();
  return (
    <section className="cf-card cf-stack" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The refusal of this answer, if it is the one refused and not already said under the field it names (`placed`). */
function Refusal({ portal, answer, placed = false }: { portal: PortalController; answer: string; placed?: boolean }) {
  return (
    <p role="alert" className="cf-error">
      {portal.error?.answer === answer && !placed ? portal.error.message : ''}
    </p>
  );
}

/**
 * A button that sends an answer: while an answer is being saved it is disabled, and says why
 * (visible, and as its description).
 */
function AnswerButton({ portal, ...rest }: ButtonProps & { portal: PortalController }) {
  const id = useId();
  const busy = portal.busy !== null;
  return (
    <>
      <Button {...rest} disabled={busy} aria-describedby={busy ? id : undefined} />
      {busy && (
        <span id={id} className="cf-portal-why">
          {portal.tr.t('portal.busyWhy')}
        </span>
      )}
    </>
  );
}

/**
 * A form's field errors, each under its field (by `name`): the form's own check names every
 * problem at once, and a server refusal that names a field is said under it. Focus goes to the
 * first field named, on either.
 */
function useFieldErrors(portal: PortalController, answer: string, formRef: RefObject<HTMLFormElement | null>) {
  const [local, setLocal] = useState<Record<string, string>>({});
  const refused = portal.error?.answer === answer && portal.error.field ? { field: portal.error.field, message: portal.error.message } : null;
  const focusField = (field: string) => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`)?.focus());
  const refusedField = refused?.field;
  useEffect(() => {
    if (refusedField) focusField(refusedField);
    // Only a new refusal moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [portal.error]);
  const errors: Record<string, string> = refused ? { ...local, [refused.field]: refused.message } : local;
  /** Names every problem under its field and focuses the first; true when there is none. */
  const check = (problems: readonly { field: string; problem: Message }[]) => {
    setLocal(Object.fromEntries(problems.map((p) => [p.field, portal.tr.say(p.problem)])));
    if (problems.length) focusField(problems[0].field);
    return problems.length === 0;
  };
  return { errors, check, refusedField };
}

interface FieldProps {
  label: string;
  value: string;
  onChange(v: string): void;
  autoComplete?: string;
  required?: boolean;
  type?: string;
  /** What is wrong with the value, said under the field (and the field marked invalid). */
  error?: string;
  name?: string;
}

function Field({ label, value, onChange, autoComplete, required, type = 'text', error, name }: FieldProps) {
  const id = useId();
  return (
    <div className="cf-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        className="cf-input"
        type={type}
        value={value}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="cf-error" style={{ margin: 0 }}>
          {error}
        </p>
      )}
    </div>
  );
}

export function CreatorPortal({ portal }: { portal: PortalController }) {
  const view = portal.view!;
  const { t, formatDay } = portal.tr;
  const a = view.answers;
  const declined = Boolean(a.declinedAt);
  if (a.optedOutAt) return <OptedOutPortal portal={portal} />;
  return (
    <PortalFrame portal={portal}>
      <h1>{t('portal.greeting', { name: view.creatorName })}</h1>
      <p>{t('portal.intro', { brand: view.brand })}</p>
      <dl>
        <dt>{t('portal.campaign')}</dt>
        <dd>{portal.campaign}</dd>
        <dt>{t('portal.brand')}</dt>
        <dd>{view.brand}</dd>
        <dt>{t('portal.engagementType')}</dt>
        <dd>{engagementTypeIn(portal.tr, view.engagementType)}</dd>
        <dt>{t('portal.dueDate')}</dt>
        <dd>{formatDay(view.dueDate)}</dd>
      </dl>
      <p role="status" aria-live="polite">
        <strong>{t('portal.next', { step: t(`portal.ask.${view.ask}`) })}</strong>
      </p>
      <ConfirmSection portal={portal} />
      {!declined && a.confirmedAt && <AddressSection portal={portal} />}
      {!declined && a.confirmedAt && view.allowance.maxItems > 0 && <ProductsSection portal={portal} />}
      {!declined && <BriefSection portal={portal} />}
      {!declined && a.confirmedAt && <DeliverablesSection portal={portal} />}
      {!declined && view.results && <PortalResults portal={portal} results={view.results} />}
      <Section title={t('portal.optOut.title')}>
        <p>{t('portal.optOut.hint')}</p>
        <AskFirst portal={portal} question={t('portal.optOut.ask')} yes={t('portal.optOut.yes')} onYes={() => void portal.answer('portal.optOut')}>
          {t('portal.optOut.button')}
        </AskFirst>
        <Refusal portal={portal} answer="portal.optOut" />
      </Section>
    </PortalFrame>
  );
}

/**
 * A button whose answer cannot be taken back in one tap: it asks first, in words, with the
 * answer and Cancel (focus goes to the question, and back to the button on Cancel).
 */
function AskFirst({ portal, question, yes, onYes, children }: { portal: PortalController; question: string; yes: string; onYes(): void; children: ReactNode }) {
  const { t } = portal.tr;
  const [asking, setAsking] = useState(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asking) questionRef.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <div ref={actionsRef} className="cf-portal-actions">
        <AnswerButton portal={portal} variant="secondary"  onClick={() => setAsking(true)}>
          {children}
        </AnswerButton>
      </div>
    );
  return (
    <div className="cf-portal-ask" role="group" aria-label={question}>
      <p ref={questionRef} tabIndex={-1}>
        <strong>{question}</strong>
      </p>
      <div className="cf-portal-actions">
        <AnswerButton portal={portal} variant="danger"  onClick={onYes}>
          {yes}
        </AnswerButton>
        <Button
          onClick={() => {
            setAsking(false);
            requestAnimationFrame(() => actionsRef.current?.querySelector('button')?.focus());
          }}
        >
          {t('portal.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** After opting out: no forms, no email; what the creator handed in, read only. */
function OptedOutPortal({ portal }: { portal: PortalController }) {
  const view = portal.view!;
  const { t, formatDay } = portal.tr;
  const a = view.answers;
  const address = a.address;
  const links = a.deliverableLinks ?? [];
  return (
    <PortalFrame portal={portal}>
      <h1>{t('portal.greeting', { name: view.creatorName })}</h1>
      <p role="status">{t('portal.optOut.readOnly', { date: formatDay(a.optedOutAt!) })}</p>
      <dl>
        <dt>{t('portal.campaign')}</dt>
        <dd>{portal.campaign}</dd>
        <dt>{t('portal.brand')}</dt>
        <dd>{view.brand}</dd>
      </dl>
      <Section title={t('portal.readOnly.address')}>
        {address ? (
          <p>{[address.line1, address.line2, address.city, address.state, address.postalCode, address.country].filter(Boolean).join(', ')}</p>
        ) : (
          <p>{t('portal.readOnly.nothing')}</p>
        )}
      </Section>
      <Section title={t('portal.readOnly.products')}>{view.chosen.length ? <ul>{view.chosen.map((name, i) => <li key={i}>{name}</li>)}</ul> : <p>{t('portal.readOnly.nothing')}</p>}</Section>
      <Section title={t('portal.readOnly.links')}>
        {links.length ? (
          <ul>
            {links.map((link, i) => (
              <li key={i}>
                <a href={link.url} rel="noopener noreferrer" target="_blank">
                  {link.url}
                </a>
                {link.note ? ` — ${link.note}` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('portal.readOnly.nothing')}</p>
        )}
      </Section>
    </PortalFrame>
  );
}

function ConfirmSection({ portal }: { portal: PortalController }) {
  const { t, formatDay } = portal.tr;
  const a = portal.view!.answers;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The result ("You confirmed on …") is said at the section's heading.
  const send = async (name: string) => {
    if (await portal.answer(name)) headingRef.current?.focus();
  };
  return (
    <Section title={t('portal.confirm.title')} headingRef={headingRef}>
      {a.confirmedAt && <p className="cf-portal-done">{t('portal.confirm.confirmed', { date: formatDay(a.confirmedAt) })}</p>}
      {a.declinedAt && <p>{t('portal.confirm.declined', { date: formatDay(a.declinedAt) })}</p>}
      {a.declinedAt && portal.view!.open && (
        <>
          <p>{t('portal.confirm.changeMind')}</p>
          <div className="cf-portal-actions">
            <AnswerButton portal={portal} variant="primary"  onClick={() => void send('portal.confirm')}>
              {t('portal.confirm.takePart')}
            </AnswerButton>
          </div>
        </>
      )}
      {!a.confirmedAt && !a.declinedAt && (
        <>
          <div className="cf-portal-actions">
            <AnswerButton portal={portal} variant="primary"  onClick={() => void send('portal.confirm')}>
              {t('portal.confirm.confirm')}
            </AnswerButton>
          </div>
          <AskFirst portal={portal} question={t('portal.confirm.declineAsk')} yes={t('portal.confirm.declineYes')} onYes={() => void send('portal.decline')}>
            {t('portal.confirm.decline')}
          </AskFirst>
        </>
      )}
      <Refusal portal={portal} answer={portal.error?.answer === 'portal.decline' ? 'portal.decline' : 'portal.confirm'} />
    </Section>
  );
}

const EMPTY_ADDRESS: Address = { line1: '', line2: '', city: '', state: '', postalCode: '', country: '' };

function AddressSection({ portal }: { portal: PortalController }) {
  const { t, formatDay } = portal.tr;
  const a = portal.view!.answers;
  const [draft, setDraft] = useState<Address>(a.address ?? EMPTY_ADDRESS);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { errors, check, refusedField } = useFieldErrors(portal, 'portal.saveAddress', formRef);
  const set = (field: keyof Address) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Every missing field is named at once, under it; focus goes to the first.
    if (!check(shippingAddressProblems(draft))) return;
    // The result ("Saved on …", or the refusal) is said at the section's heading.
    if (await portal.answer('portal.saveAddress', { address: draft })) headingRef.current?.focus();
  };
  const field = (name: keyof Address, label: string, autoComplete: string, required = false) => (
    <Field name={name} label={label} value={draft[name] ?? ''} onChange={set(name)} autoComplete={autoComplete} required={required} error={errors[name]} />
  );
  return (
    <Section title={t('portal.address.title')} headingRef={headingRef}>
      {a.addressAt && <p className="cf-portal-done">{t('portal.address.saved', { date: formatDay(a.addressAt) })}</p>}
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        {field('line1', t('portal.address.line1'), 'address-line1', true)}
        {field('line2', t('portal.address.line2'), 'address-line2')}
        {field('city', t('portal.address.city'), 'address-level2', true)}
        {field('state', t('portal.address.state'), 'address-level1')}
        {field('postalCode', t('portal.address.postalCode'), 'postal-code', true)}
        {field('country', t('portal.address.country'), 'country-name', true)}
        <Refusal portal={portal} answer="portal.saveAddress" placed={Boolean(refusedField && refusedField in EMPTY_ADDRESS)} />
        <div className="cf-portal-actions">
          <AnswerButton portal={portal} type="submit" variant="primary">
            {portal.busy === 'portal.saveAddress' ? t('portal.saving') : t('portal.address.save')}
          </AnswerButton>
        </div>
      </form>
    </Section>
  );
}

function ProductsSection({ portal }: { portal: PortalController }) {
  const { t, formatMoney } = portal.tr;
  const view = portal.view!;
  const [picked, setPicked] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorId = useId();
  const { errors, check } = useFieldErrors(portal, 'portal.chooseProducts', formRef);
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  if (view.answers.productsAt)
    return (
      <Section title={t('portal.products.title')} headingRef={headingRef}>
        <p className="cf-portal-done">{t('portal.products.chosen', { names: view.chosen.join(', ') })}</p>
      </Section>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = productPickProblem(picked.length, view.allowance);
    if (!check(problem ? [{ field: PRODUCTS_FIELD, problem }] : [])) return;
    // The result ("You chose …") is said at the section's heading, which stays in place.
    if (await portal.answer('portal.chooseProducts', { productIds: picked })) requestAnimationFrame(() => headingRef.current?.focus());
  };
  const error = errors[PRODUCTS_FIELD];
  return (
    <Section title={t('portal.products.title')} headingRef={headingRef}>
      {!view.answers.addressAt ? (
        <p>{t('portal.products.addressFirst')}</p>
      ) : view.products.length === 0 ? (
        <p>{t('portal.products.none')}</p>
      ) : (
        <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
          <fieldset aria-describedby={error ? errorId : undefined}>
            <legend>{t('portal.products.hint', { count: view.allowance.maxItems, value: formatMoney(view.allowance.maxValue) })}</legend>
            <ul className="cf-portal-products">
              {view.products.map((product) => (
                <li key={product.id}>
                  <label>
                    <input
                      type="checkbox"
                      name={PRODUCTS_FIELD}
                      value={product.id}
                      checked={picked.includes(product.id)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      onChange={() => toggle(product.id)}
                    />
                    <span>
                      {product.name} ({formatMoney(product.value)})
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <p aria-live="polite" style={{ margin: 0 }}>
              {t('portal.products.count', { chosen: picked.length, max: view.allowance.maxItems })}
            </p>
            {error && (
              <p id={errorId} className="cf-error" style={{ margin: 0 }}>
                {error}
              </p>
            )}
          </fieldset>
          <Refusal portal={portal} answer="portal.chooseProducts" placed={Boolean(error)} />
          <div className="cf-portal-actions">
            <AnswerButton portal={portal} type="submit" variant="primary">
              {t('portal.products.choose')}
            </AnswerButton>
          </div>
        </form>
      )}
    </Section>
  );
}

function BriefSection({ portal }: { portal: PortalController }) {
  const { t, formatDay } = portal.tr;
  const view = portal.view!;
  const a = view.answers;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The result ("You acknowledged …", or the refusal) is said at the section's heading.
  const acknowledge = async () => {
    await portal.answer('portal.acknowledgeBrief');
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  return (
    <Section title={t('portal.brief.title')} headingRef={headingRef}>
      {view.brief.objective && <p>{view.brief.objective}</p>}
      {view.brief.description && <p>{view.brief.description}</p>}
      {view.brief.deliverables.length > 0 && (
        <ul>
          {view.brief.deliverables.map((d, i) => (
            <li key={i}>
              {t('portal.brief.deliverable', { count: d.count, type: d.contentType, date: formatDay(d.dueDate) })}
              {d.notes ? ` — ${d.notes}` : ''}
            </li>
          ))}
        </ul>
      )}
      {a.briefAcknowledgedAt ? (
        <p className="cf-portal-done">{t('portal.brief.acknowledged', { date: formatDay(a.briefAcknowledgedAt) })}</p>
      ) : (
        a.confirmedAt && (
          <div className="cf-portal-actions">
            <AnswerButton portal={portal} variant="primary" onClick={() => void acknowledge()}>
              {t('portal.brief.acknowledge')}
            </AnswerButton>
          </div>
        )
      )}
      <Refusal portal={portal} answer="portal.acknowledgeBrief" />
    </Section>
  );
}

function DeliverablesSection({ portal }: { portal: PortalController }) {
  const { t, formatDay } = portal.tr;
  const a = portal.view!.answers;
  const [links, setLinks] = useState(a.deliverableLinks?.length ? a.deliverableLinks : [{ url: '', note: '' }]);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { errors, check, refusedField } = useFieldErrors(portal, 'portal.handInDeliverables', formRef);
  const set = (index: number, field: 'url' | 'note') => (value: string) => setLinks((ls) => ls.map((l, i) => (i === index ? { ...l, [field]: value } : l)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Every link that is not http(s) is named at once, under it; focus goes to the first.
    if (!check(deliverableLinkProblems(links))) return;
    // The result ("Handed in on …") is said at the section's heading.
    if (await portal.answer('portal.handInDeliverables', { links })) headingRef.current?.focus();
  };
  const placed = links.some((_, index) => linkField(index) === refusedField);
  return (
    <Section title={t('portal.deliverables.title')} headingRef={headingRef}>
      {a.deliverablesAt && <p className="cf-portal-done">{t('portal.deliverables.submitted', { date: formatDay(a.deliverablesAt) })}</p>}
      <p>{t('portal.deliverables.hint', { max: MAX_DELIVERABLE_LINKS })}</p>
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        {links.map((link, index) => (
          <fieldset key={index}>
            <Field
              name={linkField(index)}
              label={t('portal.deliverables.link', { n: index + 1 })}
              type="url"
              value={link.url}
              onChange={set(index, 'url')}
              required={index === 0}
              error={errors[linkField(index)]}
            />
            <Field label={t('portal.deliverables.note', { n: index + 1 })} value={link.note} onChange={set(index, 'note')} />
          </fieldset>
        ))}
        <Refusal portal={portal} answer="portal.handInDeliverables" placed={placed} />
        <div className="cf-portal-actions">
          {links.length < MAX_DELIVERABLE_LINKS && (
            <Button onClick={() => setLinks((ls) => [...ls, { url: '', note: '' }])}>{t('portal.deliverables.add')}</Button>
          )}
          <AnswerButton portal={portal} type="submit" variant="primary">
            {t('portal.deliverables.submit')}
          </AnswerButton>
        </div>
      </form>
    </Section>
  );
}
