import { lazy, Suspense, useState } from 'react';
import { useT } from '../ui/i18n';
import { Screen } from '../ui/Screen';
import { Tabs } from '../ui/Tabs';
import { DashboardGrid, useCollapsible } from './DashboardGrid';
import { FunnelToolbar } from './FilterPanel';
import { FunnelList } from './FunnelList';
import { PerformanceOverview } from './PerformanceOverview';
import { ProfileOptimizer } from './ProfileOptimizer';
import { SmartMatching } from './SmartMatching';
import { funnelBoardStyles } from './styles';
import { useFunnelListController } from './useFunnelListController';

// Another screen's code: loaded only when the Analytics tab opens.
const Analytics = lazy(() => import('../analytics').then((m) => ({ default: m.Analytics })));

export interface FunnelDashboardProps {
  /** Initial funnel search (from `?search=`, the not-found page's search). */
  search?: string;
  /** `top_creators`, `price_optimization` or a KPI filter (`match_rate_top10`, ...). */
  filter?: string;
  /** `video` keeps campaigns with video content. */
  contentType?: string;
  /** Opens the Analytics tab filtered by this metric. */
  metric?: string;
  /** The metric's value, passed to Analytics. */
  value?: string;
}

type DashboardTab = 'dashboard' | 'analytics';
const TABS = ['dashboard', 'analytics'] as const;

/** The Funnel Dashboard at `/` (spec §2 "Dashboard (/)"): tabs Dashboard and Analytics. */
export function FunnelDashboard(props: FunnelDashboardProps) {
  return (
    <Screen name="Funnel Dashboard" styles={funnelBoardStyles} part="root">
      <FunnelDashboardView key={[props.search, props.filter, props.contentType, props.metric, props.value].join('|')} {...props} />
    </Screen>
  );
}

function FunnelDashboardView({ search, filter, contentType, metric, value }: FunnelDashboardProps) {
  const [tab, setTab] = useState<DashboardTab>(metric ? 'analytics' : 'dashboard');
  const list = useFunnelListController({ defaultSearch: search, defaultDashboardFilter: filter, contentType });
  const { t } = useT();
  const optimizer = useCollapsible(t('funnelBoard.widget.optimizer'));
  return (
    <div className="cf-stack">
      <h1>{t('funnelBoard.title')}</h1>
      <Tabs label={t('funnelBoard.tabsLabel')} items={TABS.map((value) => ({ value, label: t(`funnelBoard.tab.${value}`) }))} value={tab} onValueChange={(next) => setTab(next)}>
        {tab === 'dashboard' ? (
          <>
            <FunnelToolbar list={list} />
            <DashboardGrid
              headerExtras={{ optimizer: optimizer.toggle }}
              widgets={{
                performance: (
                  <div className="cf-widget-body">
                    <PerformanceOverview headingLevel={3} hideTitle />
                  </div>
                ),
                optimizer: (
                  <div id={optimizer.bodyId} className="cf-widget-body cf-collapsible-body" hidden={!optimizer.open}>
                    <ProfileOptimizer funnels={list.funnels} />
                  </div>
                ),
                matching: (
                  <div className="cf-widget-body">
                    <SmartMatching />
                  </div>
                ),
                funnels: (
                  <div className="cf-widget-body cf-widget-list">
                    <FunnelList list={list} />
                  </div>
                ),
              }}
            />
          </>
        ) : (
          <Suspense fallback={<p role="status">{t('funnelBoard.loadingAnalytics')}</p>}>
            <Analytics embedded metric={metric} value={value} filter={filter} contentType={contentType} />
          </Suspense>
        )}
      </Tabs>
    </div>
  );
}
