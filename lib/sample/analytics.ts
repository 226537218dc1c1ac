// The AI Next Best Actions of the Analytics screen: the spec's fixed sample content (§1, §2),
// its texts as catalog keys (the English catalog holds the spec's words).
import type { MessageKey } from '../i18n/catalogs/en-US';

export interface NextBestAction {
  id: string;
  title: MessageKey;
  description: MessageKey;
  /** Expected effect, shown as a badge. */
  impact: MessageKey;
  /** App path of the screen where the action is taken. */
  href: string;
  /** Text of the link. */
  actionLabel: MessageKey;
}

export const NEXT_BEST_ACTIONS: readonly NextBestAction[] = [
  {
    id: 'nba_1',
    title: 'domain.analytics.nba1.title',
    description: 'domain.analytics.nba1.description',
    impact: 'domain.analytics.nba1.impact',
    href: '/dashboard?filter=top_creators',
    actionLabel: 'domain.analytics.nba1.action',
  },
  {
    id: 'nba_2',
    title: 'domain.analytics.nba2.title',
    description: 'domain.analytics.nba2.description',
    impact: 'domain.analytics.nba2.impact',
    href: '/?filter=price_optimization&content_type=video',
    actionLabel: 'domain.analytics.nba2.action',
  },
  {
    id: 'nba_3',
    title: 'domain.analytics.nba3.title',
    description: 'domain.analytics.nba3.description',
    impact: 'domain.analytics.nba3.impact',
    href: '/orders',
    actionLabel: 'domain.analytics.nba3.action',
  },
];
