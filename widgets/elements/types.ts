// Typings for the custom elements: `document.querySelector('cf-orders')` is typed, and
// `<cf-orders order-id="..." />` type-checks in a TSX file.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ChangeDetail } from './changes';

export type { ChangeDetail };

/** Attributes of each element (kebab-case, primitives only). */
export interface CreatorflowElementAttributes {
  'cf-inventory': { search?: string; 'low-stock-only'?: boolean | ''; 'hide-summary'?: boolean | '' };
  'cf-inventory-summary': Record<never, never>;
  'cf-funnel-board': { search?: string; filter?: string; creator?: string; expand?: boolean | '' };
  'cf-funnel-dashboard': { search?: string; filter?: string; metric?: string };
  'cf-dashboard-overview': { filter?: string; creator?: string; expand?: boolean | '' };
  'cf-creator-detail': { 'creator-id': string; step?: string };
  'cf-shipping-label': { 'creator-id': string };
  'cf-shipment-tracking': { 'creator-id': string };
  'cf-creative-brief': { 'creator-id': string };
  'cf-orders': { 'order-id'?: string };
  'cf-calendar': Record<never, never>;
  'cf-analytics': { metric?: string; period?: '6m' | '12m' };
  'cf-notifications': Record<never, never>;
  'cf-settings': { tab?: string };
  'cf-profile': Record<never, never>;
  'cf-team': Record<never, never>;
  'cf-billing': Record<never, never>;
  'cf-integrations': Record<never, never>;
  'cf-developer': Record<never, never>;
  'cf-activity-log': Record<never, never>;
  'cf-data-import': Record<never, never>;
  'cf-data-export': Record<never, never>;
  'cf-help-center': { search?: string };
  'cf-onboarding': { 'finish-href'?: string };
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

type ElementProps<T extends CreatorflowTag> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  CreatorflowElementAttributes[T] & { class?: string };

declare global {
  interface HTMLElementTagNameMap {
    'cf-inventory': HTMLElement;
    'cf-inventory-summary': HTMLElement;
    'cf-funnel-board': HTMLElement;
    'cf-funnel-dashboard': HTMLElement;
    'cf-dashboard-overview': HTMLElement;
    'cf-creator-detail': HTMLElement;
    'cf-shipping-label': HTMLElement;
    'cf-shipment-tracking': HTMLElement;
    'cf-creative-brief': HTMLElement;
    'cf-orders': HTMLElement;
    'cf-calendar': HTMLElement;
    'cf-analytics': HTMLElement;
    'cf-notifications': HTMLElement;
    'cf-settings': HTMLElement;
    'cf-profile': HTMLElement;
    'cf-team': HTMLElement;
    'cf-billing': HTMLElement;
    'cf-integrations': HTMLElement;
    'cf-developer': HTMLElement;
    'cf-activity-log': HTMLElement;
    'cf-data-import': HTMLElement;
    'cf-data-export': HTMLElement;
    'cf-help-center': HTMLElement;
    'cf-onboarding': HTMLElement;
  }
  interface DocumentEventMap extends CreatorflowEventMap {}
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    type CreatorflowIntrinsics = { [T in CreatorflowTag]: ElementProps<T> };
    interface IntrinsicElements extends CreatorflowIntrinsics {}
  }
}
