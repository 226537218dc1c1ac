/**
 * `<cf-developer>`: Developer area: API key panel, API Reference, Webhooks, SDK Examples. Reads and writes the page-wide store, so it stays in step with every other element.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 * @csspart developer - the screen body
 */
import { Developer } from '../developer';
import { defineScreenElement } from './define';

export const CfDeveloper = defineScreenElement('cf-developer', Developer);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
