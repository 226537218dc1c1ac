/**
 * `<cf-data-export>`: the DataExport screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { DataExport } from '../data-export';
import { defineScreenElement } from './define';

export const CfDataExport = defineScreenElement('cf-data-export', DataExport);
