import { useT } from '../ui/i18n';
import { Screen } from '../ui/Screen';
import { FunnelToolbar } from './FilterPanel';
import { FunnelList } from './FunnelList';
import { PerformanceOverview } from './PerformanceOverview';
import { funnelBoardStyles } from './styles';
import { useFunnelListController } from './useFunnelListController';

export interface DashboardOverviewProps {
  /** A KPI filter: match_rate_top10, collab_success_top10, engagement_top10 or sales_top10. */
  filter?: string;
  /** A creator handle (or funnel id) whose card is selected. */
  creator?: string;
  /** Expand the selected creator's card. Default false. */
  expand?: boolean;
}

/** The `/dashboard` variant (spec §2): heading, subtitle, Performance Overview, and the funnel list it filters. */
export function DashboardOverview(props: DashboardOverviewProps) {
  return (
    <Screen name="Dashboard" styles={funnelBoardStyles} part="root">
      <DashboardOverviewView key={`${props.filter ?? ''}|${props.creator ?? ''}|${props.expand ?? false}`} {...props} />
    </Screen>
  );
}

function DashboardOverviewView({ filter, creator, expand = false }: DashboardOverviewProps) {
  const list = useFunnelListController({ defaultDashboardFilter: filter, creator, expand });
  const { t } = useT();
  return (
    <div className="cf-stack">
      <div>
        <h1>{t('funnelBoard.overview.title')}</h1>
        <p className="cf-subtitle">{t('funnelBoard.overview.subtitle')}</p>
      </div>
      <div className="cf-card">
        <PerformanceOverview />
      </div>
      <section aria-label={t('funnelBoard.funnels')} className="cf-stack" style={{ gap: 0 }}>
        <FunnelToolbar list={list} />
        <FunnelList list={list} height={640} />
      </section>
    </div>
  );
}
