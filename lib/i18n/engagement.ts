// A funnel's engagement type is stored in English (the store, CSV files and the API use it). The
// types the product offers, and the sample's, are said in the reader's language by key; a type
// written through the API keeps its own words.
import type { MessageKey } from './catalogs/en-US';
import type { Translator } from './index';

export const ENGAGEMENT_TYPE_NAMES: Readonly<Record<string, MessageKey>> = {
  'Sponsored Post': 'funnelBoard.contentType.sponsoredPost',
  'Story Series': 'funnelBoard.contentType.storySeries',
  Reel: 'funnelBoard.contentType.reel',
  'Product Review': 'funnelBoard.contentType.productReview',
  'Unboxing Video': 'funnelBoard.contentType.unboxing',
  Tutorial: 'funnelBoard.contentType.tutorial',
  Vlog: 'funnelBoard.contentType.vlog',
  'Travel Vlog': 'funnelBoard.contentType.travelVlog',
};

export function engagementTypeIn(i18n: Pick<Translator, 't'>, type: string): string {
  const key = Object.hasOwn(ENGAGEMENT_TYPE_NAMES, type) ? ENGAGEMENT_TYPE_NAMES[type] : undefined;
  return key ? i18n.t(key) : type;
}

/** The campaign's name: the objective the brand wrote, else one made from its type ("Tutorial campaign"). */
export function campaignNameIn(i18n: Pick<Translator, 't'>, campaign: { objective: string | null; engagementType: string }): string {
  return campaign.objective?.trim() || i18n.t('portal.campaignOfType', { type: engagementTypeIn(i18n, campaign.engagementType) });
}
