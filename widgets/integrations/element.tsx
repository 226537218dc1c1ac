/**
 * `<cf-integrations>`: Integrations: category tabs, connected services, Configure Integration dialog. Reads and writes the page-wide store, so it stays in step with every other element.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart integrations - the screen body
 */
import { Integrations } from './index';
import { defineScreenElement } from '../elements/define';

export const CfIntegrations = defineScreenElement('cf-integrations', Integrations);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
