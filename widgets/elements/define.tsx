// Custom elements from screens: each renders in an open shadow root; the Screen frame adopts
// the styles into that root and sends links out as cancelable `cf-navigate` events.
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import type { CreatorflowTag } from './types';

export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

/**
 * Defines `tag` for `Component` unless it is defined already (two bundles, or a second
 * import, never throw). `attributes` maps camelCase props to their attribute types; each
 * is read from the kebab-case attribute and updates the element live.
 */
export function defineScreenElement<P extends object>(
  tag: CreatorflowTag,
  Component: ComponentType<P>,
  attributes: Partial<Record<Extract<keyof P, string>, AttributeType>> = {},
): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;
  const element = r2wc(Component as ComponentType<P & { container?: HTMLElement }>, {
    shadow: 'open',
    props: attributes as never,
  });
  customElements.define(tag, element);
  return element;
}
