/**
 * `<cf-data-export>`: CSV export: type grid, Configure Export (dates, fields), Download CSV. Reads and writes the page-wide store, so it stays in step with every other element.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 * @csspart export - the screen body
 */
import { DataExport } from '../data-export';
import { defineScreenElement } from './define';

export const CfDataExport = defineScreenElement('cf-data-export', DataExport);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
