/**
 * `<cf-data-import>`: CSV import of creators: file check, preview, mapping, validation, import. Reads and writes the page-wide store, so it stays in step with every other element.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart import - the screen body
 */
import { DataImport } from './index';
import { defineScreenElement } from '../elements/define';

export const CfDataImport = defineScreenElement('cf-data-import', DataImport);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
