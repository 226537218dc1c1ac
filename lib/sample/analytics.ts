// The AI Next Best Actions of the Analytics screen: the spec's fixed sample content (§1, §2).

export interface NextBestAction {
  id: string;
  title: string;
  description: string;
  /** Expected effect, shown as a badge. */
  impact: string;
  /** App path of the screen where the action is taken. */
  href: string;
  /** Text of the link. */
  actionLabel: string;
}

export const NEXT_BEST_ACTIONS: readonly NextBestAction[] = [
  {
    id: 'nba_1',
    title: 'Re-engage top performing creators',
    description: 'Creators with the highest ROI finished their last campaign recently. Send outreach for a follow-up collaboration.',
    impact: 'High impact',
    href: '/dashboard?filter=top_creators',
    actionLabel: 'View top creators',
  },
  {
    id: 'nba_2',
    title: 'Optimize pricing for video content',
    description: 'Video content converts better than static posts. Shift budget towards video deliverables in upcoming briefs.',
    impact: 'Medium impact',
    href: '/?filter=price_optimization&content_type=video',
    actionLabel: 'Review video pricing',
  },
  {
    id: 'nba_3',
    title: 'Follow up on pending shipments',
    description: 'Creators waiting on product cannot start production. Ship pending products to keep campaigns on schedule.',
    impact: 'Quick win',
    href: '/orders',
    actionLabel: 'Open orders',
  },
];
