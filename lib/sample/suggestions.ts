// Fixed AI-style suggestion content of the dashboard (spec §2 "Profile Optimizer",
// "Smart Matching"; §9 scores). They stay the spec's sample content: there is no matching
// service to compute them from.
import { AI_COMPATIBILITY_SCORES } from '../domain/constants';
import { SUGGESTED_CREATORS } from './workspace';

export { SUGGESTED_CREATORS };

/** AI Compatibility Scores: 95, 88, 82, 78 (spec §9), each with what it rates. */
export const AI_COMPATIBILITY: { label: string; score: number }[] = [
  { label: 'Brand Alignment', score: AI_COMPATIBILITY_SCORES[0] },
  { label: 'Audience Match', score: AI_COMPATIBILITY_SCORES[1] },
  { label: 'Content Quality', score: AI_COMPATIBILITY_SCORES[2] },
  { label: 'Engagement Potential', score: AI_COMPATIBILITY_SCORES[3] },
];

/** AI suggestions offered under Interest Tags. */
export const INTEREST_TAG_SUGGESTIONS = ['Sustainable Fashion', 'Wellness', 'Tech Reviews', 'Travel', 'Home Decor', 'Fitness'] as const;

export type CriteriaGroup = 'demographics' | 'niche' | 'style';

export const CRITERIA_GROUPS: { id: CriteriaGroup; label: string }[] = [
  { id: 'demographics', label: 'Demographics' },
  { id: 'niche', label: 'Niche' },
  { id: 'style', label: 'Style' },
];

/** Smart Matching's starting criteria tags. */
export const DEFAULT_MATCHING_CRITERIA: Record<CriteriaGroup, string[]> = {
  demographics: ['18-34', 'Urban', 'United States'],
  niche: ['Fashion', 'Beauty'],
  style: ['Authentic', 'Minimalist'],
};

/** What the example creator's profile teaches (View Example Creator). */
export const EXAMPLE_CREATOR_ID = 'CR12347';
