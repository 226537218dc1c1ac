// creatorflow/elements: registers every element at once (bundler users).
// For one element only, import 'creatorflow/elements/<name>'.
export type { CreatorflowElementAttributes, CreatorflowEventMap, CreatorflowTag } from './types';
import './inventory';
import './funnel-board';
import './creator';
import './orders';
import './calendar';
import './analytics';
import './notifications';
import './settings';
import './team';
import './billing';
import './integrations';
import './developer';
import './activity';
import './data-import';
import './data-export';
import './help';
import './onboarding';
