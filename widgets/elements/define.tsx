// Custom elements from screens, built with @r2wc/react-to-web-component: each renders its React
// screen into an open shadow root (attributes, properties, live updates); the Screen frame adopts
// the styles into that root, sends links out as cancelable `cf-navigate` events and reports
// caught render errors as `cf-error`; the wrapper below adds `cf-change` (see changes.ts).
//
// Attributes reach the screen in one of two ways. Most seed it: they are its initial values,
// and a change re-creates the screen with the new ones. A bound attribute is the screen's
// controlled value: the screen's change callback writes the attribute back, so the element's
// attribute always says what the screen shows (`<cf-settings tab>`, `<cf-orders order-id>`).
// Which is which, and each attribute's type, is declared once in the screen list (screens.ts).
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { attributedTo } from '../../lib/store/origin';
import { LanguageProvider } from '../ui/i18n';
import { StoreProvider, useStore } from '../ui/store-context';
import { ELEMENT_ATTRIBUTES } from './attributes';
import { trackChanges } from './changes';
import type { AttributeBinding, AttributeType, CreatorflowTag, ElementAttributeSpec, ElementScreenProps } from './types';

export type { AttributeBinding, AttributeType };

/** Each screen gets its render root: the element's shadow root. */
interface ContainerProps {
  container?: ShadowRoot | HTMLElement;
}

function hostOf(container: ContainerProps['container']): HTMLElement | null {
  if (!container) return null;
  return container instanceof ShadowRoot ? (container.host as HTMLElement) : container;
}

/** Writes a bound prop's new value to its attribute: a boolean by presence, nothing for null. */
function writeAttribute(host: HTMLElement, attribute: string, type: AttributeType | undefined, value: unknown) {
  if (value === undefined || value === null || (type === 'boolean' && value === false)) host.removeAttribute(attribute);
  else if (type === 'boolean') host.setAttribute(attribute, '');
  else if (typeof value === 'string') host.setAttribute(attribute, value);
  else if (typeof value === 'number' || typeof value === 'boolean') host.setAttribute(attribute, String(value));
  else host.setAttribute(attribute, JSON.stringify(value));
}

/**
 * The element's own `lang` attribute (a global HTML attribute, so every element has it without
 * being listed): it overrides the workspace's language for this element alone, live.
 */
function useHostLang(host: HTMLElement | null): string | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!host) return () => {};
      const observer = new MutationObserver(onChange);
      observer.observe(host, { attributes: true, attributeFilter: ['lang'] });
      return () => observer.disconnect();
    },
    [host],
  );
  const read = () => host?.getAttribute('lang') ?? null;
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * Wraps a screen for its element: the host element dispatches `cf-change` for the user's changes,
 * bound attributes follow the screen, and a change of a seeding attribute re-creates the screen.
 */
function withElementFrame<P extends object>(
  Component: ComponentType<P>,
  types: Record<string, AttributeType>,
  bindings: Record<string, AttributeBinding>,
) {
  const seeds = Object.keys(types).filter((prop) => !bindings[prop]);
  function CreatorflowElement(props: P & ContainerProps) {
    const store = useStore();
    const host = hostOf(props.container);
    useEffect(() => (host ? trackChanges(host, store) : undefined), [host, store]);
    const callbacks = useMemo(
      () =>
        Object.fromEntries(
          Object.entries(bindings).map(([prop, binding]) => [
            binding.onChange,
            (value: unknown) => {
              if (!host) return;
              writeAttribute(host, kebab(prop), types[prop], value);
              if (binding.event) host.dispatchEvent(new CustomEvent(binding.event, { detail: { [prop]: value }, bubbles: true, composed: true }));
            },
          ]),
        ),
      [host],
    );
    const values = props as Record<string, unknown>;
    const key = seeds.map((prop) => JSON.stringify(values[prop]) ?? '').join('|');
    // The screen writes through a view of the store that names this element as the origin, so
    // `cf-change` fires only from the element that made the change.
    const own = useMemo(() => (host ? attributedTo(store, host) : store), [host, store]);
    const lang = useHostLang(host);
    return (
      <StoreProvider store={own}>
        <LanguageProvider lang={lang}>
          <Component key={key} {...props} {...callbacks} />
        </LanguageProvider>
      </StoreProvider>
    );
  }
  CreatorflowElement.displayName = `CreatorflowElement(${Component.displayName ?? Component.name ?? 'Screen'})`;
  return CreatorflowElement;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/**
 * Reads an attribute value as its prop. A missing attribute is `undefined` (the screen's
 * default applies); a boolean attribute is true when present (`hide-summary`, `hide-summary=""`)
 * unless it says "false"; a number or JSON that does not parse is `undefined`.
 */
export function parseAttribute(type: AttributeType, value: string | null): unknown {
  if (value === null) return undefined;
  switch (type) {
    case 'boolean':
      return value.trim().toLowerCase() !== 'false';
    case 'number': {
      const number = Number.parseFloat(value);
      return Number.isFinite(number) ? number : undefined;
    }
    case 'json':
      try {
        return JSON.parse(value) as unknown;
      } catch {
        console.warn(`Creatorflow: ignoring an attribute that is not JSON: ${value}`);
        return undefined;
      }
    default:
      return value;
  }
}

// r2wc keeps each element's props under this registered symbol and re-renders through the
// other; we use them to give attributes HTML semantics r2wc lacks (see attributeChangedCallback).
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

interface R2wcInternals {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
}

/**
 * Defines `tag` for `Component` with @r2wc/react-to-web-component (open shadow root) unless it
 * is defined already (two bundles, or a second import, never throw). The tag's attributes come
 * from the screen list: each is read from its kebab-case attribute into the camelCase prop and
 * updates the element live, including when the attribute is removed or emptied. Each prop is
 * also a property of the element (objects go through properties; primitives reflect to
 * attributes). The screen must accept the props the list gives it, or the type check fails.
 */
export function defineScreenElement<T extends CreatorflowTag>(tag: T, Component: ComponentType<ElementScreenProps<T>>): CustomElementConstructor;
/** A tag outside the screen list (tests, experiments): its attributes and bindings given here. */
export function defineScreenElement<P extends object>(
  tag: string,
  Component: ComponentType<P>,
  attributes: Partial<Record<Extract<keyof P, string>, AttributeType>>,
  bindings?: Partial<Record<Extract<keyof P, string>, AttributeBinding>>,
): CustomElementConstructor;
export function defineScreenElement(
  tag: string,
  Component: unknown,
  attributes?: Partial<Record<string, AttributeType>>,
  bindings: Partial<Record<string, AttributeBinding>> = {},
): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;
  const listed: Record<string, ElementAttributeSpec> = (ELEMENT_ATTRIBUTES as Record<string, Record<string, ElementAttributeSpec>>)[tag] ?? {};
  const types = (attributes ?? Object.fromEntries(Object.entries(listed).map(([prop, spec]) => [prop, spec.type]))) as Record<string, AttributeType>;
  const bound = (
    attributes ? bindings : Object.fromEntries(Object.entries(listed).flatMap(([prop, spec]) => (spec.binding ? [[prop, spec.binding]] : [])))
  ) as Record<string, AttributeBinding>;
  const Framed = withElementFrame(Component as ComponentType<Record<string, unknown>>, types, bound);
  const propOf = new Map(Object.keys(types).map((prop) => [kebab(prop), prop]));
  const Base = r2wc(Framed, { shadow: 'open', props: types }) as unknown as {
    new (): HTMLElement & R2wcInternals & { connectedCallback(): void; attributeChangedCallback(name: string, old: string | null, value: string | null): void };
    readonly observedAttributes: string[];
  };

  class CreatorflowScreenElement extends Base {
    override connectedCallback() {
      // A property set on the element before its code loaded shadows r2wc's accessor: take it over.
      for (const prop of Object.keys(types)) {
        if (!Object.prototype.hasOwnProperty.call(this, prop)) continue;
        const value = (this as unknown as Record<string, unknown>)[prop];
        delete (this as unknown as Record<string, unknown>)[prop];
        (this as unknown as Record<string, unknown>)[prop] = value;
      }
      super.connectedCallback();
    }

    /**
     * r2wc ignores empty and removed attributes, so `<cf-inventory hide-summary>` would not hide
     * the summary and removing `search` would not clear it. Attributes follow HTML here: a boolean
     * is true when present (unless "false"), a removed attribute gives the screen's default.
     */
    override attributeChangedCallback(attribute: string, _old: string | null, value: string | null) {
      const prop = propOf.get(attribute);
      if (!prop) return;
      // Always render: r2wc's property setter stores the value first and relies on this callback to render.
      this[R2WC_PROPS][prop] = parseAttribute(types[prop], value);
      this[R2WC_RENDER]();
    }
  }

  customElements.define(tag, CreatorflowScreenElement);
  return CreatorflowScreenElement;
}
