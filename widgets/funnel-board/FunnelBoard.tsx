import { NotFoundState } from '../ui/NotFoundState';
import { Screen } from '../ui/Screen';
import { FunnelToolbar } from './FilterPanel';
import { FunnelList } from './FunnelList';
import { funnelBoardStyles } from './styles';
import { useFunnelListController } from './useFunnelListController';

export interface FunnelBoardProps {
  /** Initial search text (name or id). */
  search?: string;
  /** A dashboard filter id (`match_rate_top10`, ...). */
  filter?: string;
  /** A creator handle or funnel id whose card is selected. */
  creator?: string;
  /** Expand the selected creator's card. Default false. */
  expand?: boolean;
  /** `/funnel/{id}`: selects and expands that funnel. */
  funnelId?: string;
}

/** The funnel list with its search, filters and cards (`/funnel`, `/funnel/{id}`, `<cf-funnel-board>`). */
export function FunnelBoard(props: FunnelBoardProps) {
  const key = [props.search, props.filter, props.creator, props.expand, props.funnelId].join('|');
  return (
    <Screen name="Funnel Dashboard" styles={funnelBoardStyles} part="root">
      <FunnelBoardView key={key} {...props} />
    </Screen>
  );
}

function FunnelBoardView({ search, filter, creator, expand = false, funnelId }: FunnelBoardProps) {
  const list = useFunnelListController({
    defaultSearch: search,
    defaultDashboardFilter: filter,
    creator: funnelId ?? creator,
    expand: funnelId ? true : expand,
  });
  // A funnel named in the URL that does not exist is said, not replaced by the whole list.
  if (funnelId && !list.selectedId) return <NotFoundState title="Funnel not found" detail={`No funnel has the id ${funnelId}.`} />;
  return (
    <div className="cf-stack" style={{ gap: 0 }}>
      <h1>Funnel Dashboard</h1>
      <FunnelToolbar list={list} />
      <FunnelList list={list} height={680} />
    </div>
  );
}
