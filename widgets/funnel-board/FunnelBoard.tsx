import { useT } from '../ui/i18n';
import { NotFoundState } from '../ui/NotFoundState';
import { Screen } from '../ui/Screen';
import { FunnelToolbar } from './FilterPanel';
import { FunnelList } from './FunnelList';
import { funnelBoardStyles } from './styles';
import { useFunnelListController } from './useFunnelListController';

export interface FunnelBoardProps {
  /** The search text (controlled, with `onSearchChange`): creator name or funnel id. */
  search?: string;
  /** The search text to start with when `search` is not given. Default ''. */
  defaultSearch?: string;
  /** Called with the search text as the user types. */
  onSearchChange?(search: string): void;
  /** A dashboard filter id (`match_rate_top10`, ...), applied when the board mounts. */
  filter?: string;
  /** A creator handle or funnel id whose card is selected. */
  creator?: string;
  /** Expand the selected creator's card when the board mounts. Default false. */
  expand?: boolean;
  /** `/funnel/{id}`: selects and expands that funnel. */
  funnelId?: string;
}

/**
 * The funnel list with its search, filters and cards (`/funnel`, `/funnel/{id}`, `<cf-funnel-board>`).
 * `filter` and `expand` apply when the board mounts; a host that wants new ones applied
 * mounts a new board (the host app does when the URL changes).
 */
export function FunnelBoard(props: FunnelBoardProps) {
  return (
    <Screen name="Funnel Dashboard" styles={funnelBoardStyles} part="root">
      <FunnelBoardView {...props} />
    </Screen>
  );
}

function FunnelBoardView({ search, defaultSearch, onSearchChange, filter, creator, expand = false, funnelId }: FunnelBoardProps) {
  const list = useFunnelListController({
    search,
    defaultSearch,
    onSearchChange,
    defaultDashboardFilter: filter,
    creator: funnelId ?? creator,
    expand: funnelId ? true : expand,
  });
  const { t } = useT();
  // A funnel named in the URL that does not exist is said, not replaced by the whole list.
  if (funnelId && !list.selectedId) return <NotFoundState title={t('funnelBoard.notFound')} detail={t('funnelBoard.notFoundId', { id: funnelId })} />;
  return (
    <div className="cf-stack" style={{ gap: 0 }}>
      <h1>{t('funnelBoard.title')}</h1>
      <FunnelToolbar list={list} />
      <FunnelList list={list} height={680} />
    </div>
  );
}
