// Custom elements from screens, built with @r2wc/react-to-web-component: each renders its React
// screen into an open shadow root (attributes, properties, live updates); the Screen frame adopts
// the styles into that root, sends links out as cancelable `cf-navigate` events and reports
// caught render errors as `cf-error`; the wrapper below adds `cf-change` (see changes.ts).
import { useEffect, useMemo, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { attributedTo } from '../../lib/store/origin';
import { StoreProvider, useStore } from '../ui/store-context';
import { trackChanges } from './changes';
import type { CreatorflowTag } from './types';

export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

/** Each screen gets its render root: the element's shadow root. */
interface ContainerProps {
  container?: ShadowRoot | HTMLElement;
}

function hostOf(container: ContainerProps['container']): HTMLElement | null {
  if (!container) return null;
  return container instanceof ShadowRoot ? (container.host as HTMLElement) : container;
}

/**
 * Wraps a screen for its element: the host element dispatches `cf-change` for the user's changes.
 */
function withElementFrame<P extends object>(Component: ComponentType<P>) {
  function CreatorflowElement(props: P & ContainerProps) {
    const store = useStore();
    const host = hostOf(props.container);
    useEffect(() => (host ? trackChanges(host, store) : undefined), [host, store]);
    // The screen writes through a view of the store that names this element as the origin.
    const own = useMemo(() => (host ? attributedTo(store, host) : store), [host, store]);
    return (
      <StoreProvider store={own}>
        <Component {...props} />
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
 * is defined already (two bundles, or a second import, never throw). `attributes` maps camelCase
 * props to their attribute types; each is read from the kebab-case attribute and updates the
 * element live, including when the attribute is removed or emptied. Each prop is also a property
 * of the element (objects go through properties; primitives reflect to attributes).
 */
export function defineScreenElement<P extends object>(
  tag: CreatorflowTag,
  Component: ComponentType<P>,
  attributes: Partial<Record<Extract<keyof P, string>, AttributeType>> = {},
): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;
  const Framed = withElementFrame(Component) as unknown as ComponentType<Record<string, unknown>>;
  const types = attributes as Record<string, AttributeType>;
  const propOf = new Map(Object.keys(types).map((prop) => [kebab(prop), prop]));
  const Base = r2wc(Framed, { shadow: 'open', props: types as Record<string, AttributeType> }) as unknown as {
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
