/**
 * `<cf-help-center>`: the Help center screen (FAQ search and accordion, video tutorials,
 * documentation links, contact box).
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 *   (documentation links /docs/dashboard, /docs/api, /support; Contact Support /support)
 * @csspart root - the screen's root
 * @csspart faqs - the Frequently Asked Questions section
 * @csspart tutorials - the Video Tutorials section
 */
import { HelpCenter } from './index';
import { defineScreenElement } from '../elements/define';

interface HelpCenterElementProps {
  search?: string;
}

function HelpCenterElement({ search = '' }: HelpCenterElementProps) {
  return <HelpCenter defaultSearch={search} />;
}

export const CfHelpCenter = defineScreenElement('cf-help-center', HelpCenterElement);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
