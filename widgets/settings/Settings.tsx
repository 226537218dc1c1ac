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
import { useControllableState } from '../ui/useControllableState';
import { leavePage } from '../ui/unsavedChanges';
import { GeneralSettingsPanel } from './GeneralSettings';
import { ProfileView } from './ProfileSettings';
import { SecuritySettings, TwoFactorPolicySection } from './SecuritySettings';
import { BackButton } from '../ui/BackButton';
import { allAdminStyles } from './styles';
import { useT } from '../ui/i18n';

export interface SettingsProps {
  /** The active tab id (controlled, with `onTabChange`); an unknown id means 'general' (spec §4). */
  tab?: string;
  /** The tab shown first when `tab` is not given. Default 'general'. */
  defaultTab?: string;
  /** Called with the tab id the user chose; the host keeps it in `/settings?tab=<id>`. */
  onTabChange?: (tab: SettingsTab) => void;
}


/** Settings at /settings: Back and the ten tabs as vertical ARIA tabs (spec §2 "Settings"). */
export function Settings({ tab, defaultTab, onTabChange }: SettingsProps) {
  const [active, setActive] = useControllableState<SettingsTab>({
    value: tab === undefined ? undefined : settingsTabFrom(tab),
    defaultValue: settingsTabFrom(defaultTab),
    onValueChange: onTabChange,
  });
  const { t } = useT();
  const tabItems = SETTINGS_TABS.map((item) => ({ value: item.id, label: t(`settings.tab.${item.id}`) }));
  return (
    <Screen name="Settings" styles={allAdminStyles} part="root">
      <div className="cf-stack">
        <div>
          <BackButton />
        </div>
        <h1>{t('settings.title')}</h1>
        <Tabs
          label={t('settings.title')}
          orientation="vertical"
          items={tabItems}
          value={active}
          onValueChange={(next) =>
            // Another tab replaces this one's form: unsaved edits there ask first.
            leavePage(() => setActive(next))
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
      return (
        <>
          <ProfileView embedded />
          <SecuritySettings />
        </>
      );
    case 'team':
      return (
        <>
          <TeamView embedded />
          <TwoFactorPolicySection />
        </>
      );
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
