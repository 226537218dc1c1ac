import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Funnel } from '../../lib/domain/types';
import { useT } from '../ui/i18n';
import { useNavigation } from '../ui/navigation';
import { showResult } from '../ui/toast';
import { FunnelCard } from './FunnelCard';
import { OutreachDialog } from '../shared/OutreachDialog';
import { useFunnelActions, type FunnelListController } from './useFunnelListController';
import { routeTo } from '../ui/routes';

/** Funnel-card toasts appear bottom-right (spec §4 "Toasts"). */
export const CARD_TOASTS = { position: 'bottom-right' } as const;

export interface FunnelListProps {
  list: FunnelListController;
  /** Height of the scroll area in px; omit to fill the parent (a grid widget). */
  height?: number;
}

const ESTIMATED_CARD = 190;

/**
 * The funnel cards, virtualized: only the cards in view (plus a few) are in the DOM, each
 * measured as it renders (cards grow when expanded), so 10,000 funnels scroll smoothly.
 */
export function FunnelList({ list, height }: FunnelListProps) {
  const actions = useFunnelActions();
  const navigation = useNavigation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [outreachFor, setOutreachFor] = useState<Funnel | null>(null);
  const { t } = useT();
  const funnels = list.funnels;
  const fallbackHeight = height ?? 600;
  const virtualizer = useVirtualizer({
    count: funnels.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD,
    getItemKey: (index) => funnels[index].id,
    overscan: 4,
    gap: 12,
    initialRect: { width: 800, height: fallbackHeight },
    // Not laid out yet (or no layout engine, as in jsdom): assume a screenful.
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: fallbackHeight })),
    // A card not laid out (hidden tab, jsdom) measures 0: keep the estimate rather than collapse it.
    measureElement: (element) => element.getBoundingClientRect().height || ESTIMATED_CARD,
  });

  // Bring the selected creator's card (?creator=) into view once.
  const selectedIndex = list.selectedId ? funnels.findIndex((f) => f.id === list.selectedId) : -1;
  const scrolledTo = useRef(false);
  useEffect(() => {
    if (scrolledTo.current || selectedIndex < 0) return;
    scrolledTo.current = true;
    virtualizer.scrollToIndex(selectedIndex, { align: 'start' });
  }, [selectedIndex, virtualizer]);

  const { togglePriority, saveStep, retryOutreach, now: clock } = actions;
  const onTogglePriority = useCallback((id: string) => void showResult(togglePriority(id), CARD_TOASTS), [togglePriority]);
  const onRetryOutreach = useCallback((funnel: Funnel, outreachId: string) => void showResult(retryOutreach(funnel.id, outreachId), CARD_TOASTS), [retryOutreach]);
  const onSaveStep = useCallback(
    (funnel: Funnel, index: number, draft: { name: string; description: string }) => {
      const result = saveStep(funnel.id, index, draft);
      return showResult(result, { ...CARD_TOASTS, success: t('creator.stepSaved') });
    },
    [saveStep, t],
  );

  function send(message: string) {
    if (!outreachFor) return false;
    const result = actions.sendOutreach(outreachFor.id, message);
    if (!showResult(result, CARD_TOASTS)) return false;
    setOutreachFor(null);
    navigation.navigate(routeTo.dashboard({ creator: outreachFor.creatorHandle }));
    return true;
  }

  // One clock reading per list change keeps the memoized cards stable between renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new reading when the list changes is the point
  const now = useMemo(() => clock(), [funnels, clock]);
  const items = virtualizer.getVirtualItems();
  return (
    <>
      {funnels.length === 0 ? (
        <div className="cf-empty" role="status">
          <strong>{t('funnelBoard.empty.title')}</strong>
          {t('funnelBoard.empty.body')}
        </div>
      ) : (
        <div ref={scrollRef} className="cf-funnel-scroll" style={height ? { height } : undefined} part="funnel-list">
          <div role="list" aria-label={t('funnelBoard.funnels')} className="cf-funnel-list" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const funnel = funnels[item.index];
              return (
                <div
                  key={item.key}
                  role="listitem"
                  aria-setsize={funnels.length}
                  aria-posinset={item.index + 1}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="cf-funnel-row"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <FunnelCard
                    funnel={funnel}
                    expanded={list.expanded.has(funnel.id)}
                    onExpandedChange={list.toggleExpanded}
                    selected={funnel.id === list.selectedId}
                    onTogglePriority={onTogglePriority}
                    onOutreach={setOutreachFor}
                    onRetryOutreach={onRetryOutreach}
                    onSaveStep={onSaveStep}
                    writeBlocked={actions.writeBlocked}
                    outreachBlocked={actions.outreachBlocked}
                    now={now}
                  />
                </div>
              );
            })}
          </div>
        </div>
      )}
      <OutreachDialog funnel={outreachFor} onOpenChange={(open) => !open && setOutreachFor(null)} onSend={send} />
    </>
  );
}
