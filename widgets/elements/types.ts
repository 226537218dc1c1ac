// Typings for the custom elements: `document.querySelector('cf-orders')` is typed, and
// `<cf-orders order-id="..." />` type-checks in a TSX file.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { CreatorflowElementAttributes, ELEMENT_ATTRIBUTES } from './attributes';
import type { ChangeDetail } from './changes';

export type { ChangeDetail, CreatorflowElementAttributes };

/** How an attribute's text becomes its prop's value. */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

/** A bound attribute: the screen calls `onChange` with a new value, which the element writes back. */
export interface AttributeBinding {
  /** The screen's change callback, e.g. 'onTabChange'. */
  onChange: string;
  /** An event the element dispatches with `detail: { [prop]: value }` (bubbles, composed), e.g. 'cf-tab-change'. */
  event?: string;
}

/** One attribute of the screen list, as the element code reads it. */
export interface ElementAttributeSpec {
  type: AttributeType;
  required?: boolean;
  binding?: AttributeBinding;
}

export type CreatorflowTag = keyof CreatorflowElementAttributes;

/** Events every element may dispatch (bubbles, composed). */
export interface CreatorflowEventMap {
  /** Cancelable: call preventDefault() to route `detail.href` yourself. */
  'cf-navigate': CustomEvent<{ href: string }>;
  /** The workspace changed through a user action in the element that dispatched it. */
  'cf-change': CustomEvent<ChangeDetail>;
  /** A render error was caught (detail.message), or an element's code could not load (also tag, error). */
  'cf-error': CustomEvent<{ message: string; tag?: string; error?: unknown }>;
}

type AttributeValue<A> = A extends { type: 'boolean' } ? boolean : A extends { type: 'number' } ? number : A extends { type: 'json' } ? unknown : string;
type AttributesOf<T extends CreatorflowTag> = (typeof ELEMENT_ATTRIBUTES)[T];
type RequiredProps<A> = { [K in keyof A]: A[K] extends { required: true } ? K : never }[keyof A];

/**
 * The props an element gives its screen: one per attribute (required ones always), plus the
 * change callback of each bound attribute. A screen whose props do not fit fails the type check.
 */
export type ElementScreenProps<T extends CreatorflowTag> = {
  [K in Exclude<keyof AttributesOf<T>, RequiredProps<AttributesOf<T>>>]?: AttributeValue<AttributesOf<T>[K]>;
} & { [K in RequiredProps<AttributesOf<T>>]: AttributeValue<AttributesOf<T>[K]> } & {
  [K in keyof AttributesOf<T> as AttributesOf<T>[K] extends { binding: { onChange: infer C extends string } } ? C : never]?: (
    value: AttributeValue<AttributesOf<T>[K]> | null,
  ) => void;
};

type ElementProps<T extends CreatorflowTag> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  CreatorflowElementAttributes[T] & { class?: string };

/** Each tag's element type, for `document.querySelector('cf-orders')`. */
type CreatorflowTagNameMap = { [T in CreatorflowTag]: HTMLElement };

declare global {
  interface HTMLElementTagNameMap extends CreatorflowTagNameMap {}
  interface DocumentEventMap extends CreatorflowEventMap {}
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    type CreatorflowIntrinsics = { [T in CreatorflowTag]: ElementProps<T> };
    interface IntrinsicElements extends CreatorflowIntrinsics {}
  }
}
