/**
 * `<cf-integrations>`: Integrations: category tabs, connected services, Configure Integration dialog. Reads and writes the page-wide store, so it stays in step with every other element.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 * @csspart integrations - the screen body
 */
import { Integrations } from '../integrations';
import { defineScreenElement } from './define';

export const CfIntegrations = defineScreenElement('cf-integrations', Integrations);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
