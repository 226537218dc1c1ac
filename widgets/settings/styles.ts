import { adminBaseStyles } from '../ui/adminStyles';
import { activityStyles } from '../activity/styles';
import { billingStyles } from '../billing/styles';
import { dataExportStyles } from '../data-export/styles';
import { dataImportStyles } from '../data-import/styles';
import { developerStyles } from '../developer/styles';
import { integrationsStyles } from '../integrations/styles';
import { teamStyles } from '../team/styles';

/** Styles of the settings and profile screens. */
export const settingsStyles = adminBaseStyles;

/** Everything the Settings tabs render, adopted once by the Settings screen. */
export const allAdminStyles = [
  settingsStyles,
  teamStyles,
  billingStyles,
  integrationsStyles,
  developerStyles,
  activityStyles,
  dataImportStyles,
  dataExportStyles,
].join('\n');
