export { FunnelDashboard, DashboardOverview, FunnelBoard, type FunnelDashboardProps, type DashboardOverviewProps, type FunnelBoardProps } from './Placeholder';
