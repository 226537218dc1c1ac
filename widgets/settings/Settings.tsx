import { useEffect, useState } from 'react';
import { SETTINGS_TABS, type SettingsTab } from '../../lib/domain/constants';
import { settingsTabFrom } from '../../lib/domain/settings';
import { ActivityLogView } from '../activity/ActivityLog';
import { BillingView } from '../billing/Billing';
import { DataExportView } from '../data-export/DataExport';
import { DataImportView } from '../data-import/DataImport';
import { DeveloperView } from '../developer/Developer';
import { IntegrationsView } from '../integrations/Integrations';
import { Notifications } from '../notifications';
import { TeamView } from '../team/Team';
import { Screen } from '../ui/Screen';
import { Tabs } from '../ui/Tabs';
import { leavePage } from '../ui/unsavedChanges';
import { GeneralSettingsPanel } from './GeneralSettings';
import { ProfileView } from './ProfileSettings';
import { BackButton } from '../ui/BackButton';
import { allAdminStyles } from './styles';

export interface SettingsProps {
  /** The active tab id (one of SETTINGS_TABS); unknown or missing means 'general' (spec §4). */
  tab?: string;
  /** Called with the tab id the user chose; the host keeps it in `/settings?tab=<id>`. */
  onTabChange?: (tab: string) => void;
}

const TAB_ITEMS = SETTINGS_TABS.map((tab) => ({ value: tab.id, label: tab.label }));

/** Settings at /settings: Back and the ten tabs as vertical ARIA tabs (spec §2 "Settings"). */
export function Settings({ tab, onTabChange }: SettingsProps) {
  // Controlled by the host through `tab` + `onTabChange`; an element (attribute only) keeps its own state.
  const [localTab, setLocalTab] = useState<SettingsTab>(settingsTabFrom(tab));
  useEffect(() => setLocalTab(settingsTabFrom(tab)), [tab]);
  const active = onTabChange ? settingsTabFrom(tab) : localTab;
  return (
    <Screen name="Settings" styles={allAdminStyles} part="root">
      <div className="cf-stack">
        <div>
          <BackButton />
        </div>
        <h1>Settings</h1>
        <Tabs
          label="Settings"
          orientation="vertical"
          items={TAB_ITEMS}
          value={active}
          onValueChange={(next) =>
            // Another tab replaces this one's form: unsaved edits there ask first.
            leavePage(() => {
              setLocalTab(next);
              onTabChange?.(next);
            })
          }
        >
          <SettingsPanel tab={active} />
        </Tabs>
      </div>
    </Screen>
  );
}

function SettingsPanel({ tab }: { tab: SettingsTab }) {
  switch (tab) {
    case 'general':
      return <GeneralSettingsPanel />;
    case 'profile':
      return <ProfileView embedded />;
    case 'team':
      return <TeamView embedded />;
    case 'notifications':
      return <Notifications />;
    case 'billing':
      return <BillingView embedded />;
    case 'integrations':
      return <IntegrationsView embedded />;
    case 'developer':
      return <DeveloperView embedded />;
    case 'activity':
      return <ActivityLogView embedded />;
    case 'import':
      return <DataImportView embedded />;
    case 'export':
      return <DataExportView embedded />;
  }
}
