// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type FunnelDashboardProps = { search?: string; filter?: string; contentType?: string; metric?: string; value?: string };
export function FunnelDashboard(_props: FunnelDashboardProps) {
  return (
    <Screen name="Funnel Dashboard">
      <h1>Funnel Dashboard</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}

export type DashboardOverviewProps = { filter?: string; creator?: string; expand?: boolean };
export function DashboardOverview(_props: DashboardOverviewProps) {
  return (
    <Screen name="Dashboard">
      <h1>Dashboard</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}

export type FunnelBoardProps = { search?: string; filter?: string; creator?: string; expand?: boolean; funnelId?: string };
export function FunnelBoard(_props: FunnelBoardProps) {
  return (
    <Screen name="Funnel Dashboard">
      <h1>Funnel Dashboard</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
