/**
 * `<cf-activity-log>`: the ActivityLog screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { ActivityLog } from '../activity';
import { defineScreenElement } from './define';

export const CfActivityLog = defineScreenElement('cf-activity-log', ActivityLog);
