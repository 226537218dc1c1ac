// The built-in services' descriptions are product text (stored on each integration record in
// English, like the sample workspace): said in the reader's language by the service's id. A service
// a workspace added keeps its own description.
import type { Integration } from '../domain/types';
import type { MessageKey } from './catalogs/en-US';
import type { Translator } from './index';

const DESCRIPTIONS: Record<string, MessageKey> = {
  'google-analytics': 'integrations.description.googleAnalytics',
  mixpanel: 'integrations.description.mixpanel',
  mailchimp: 'integrations.description.mailchimp',
  twilio: 'integrations.description.twilio',
  shopify: 'integrations.description.shopify',
  amazon: 'integrations.description.marketplace',
  ebay: 'integrations.description.marketplace',
  'instagram-shop': 'integrations.description.instagramShop',
  'custom-webhook': 'integrations.description.customWebhook',
};

export function integrationDescriptionIn(i18n: Pick<Translator, 't'>, integration: Pick<Integration, 'id' | 'description'>): string {
  const key = Object.hasOwn(DESCRIPTIONS, integration.id) ? DESCRIPTIONS[integration.id] : undefined;
  return key ? i18n.t(key) : integration.description;
}
