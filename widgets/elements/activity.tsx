/**
 * `<cf-activity-log>`: Activity log: search, filters (dates, users, action types), Export CSV. Reads and writes the page-wide store, so it stays in step with every other element.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 * @csspart activity - the screen body
 * @csspart table - the log table
 */
import { ActivityLog } from '../activity';
import { defineScreenElement } from './define';

export const CfActivityLog = defineScreenElement('cf-activity-log', ActivityLog);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
