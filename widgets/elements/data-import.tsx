/**
 * `<cf-data-import>`: the DataImport screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { DataImport } from '../data-import';
import { defineScreenElement } from './define';

export const CfDataImport = defineScreenElement('cf-data-import', DataImport);
