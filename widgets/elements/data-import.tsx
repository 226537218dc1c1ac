/**
 * `<cf-data-import>`: CSV import of creators: file check, preview, mapping, validation, import. Reads and writes the page-wide store, so it stays in step with every other element.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 * @csspart import - the screen body
 */
import { DataImport } from '../data-import';
import { defineScreenElement } from './define';

export const CfDataImport = defineScreenElement('cf-data-import', DataImport);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
