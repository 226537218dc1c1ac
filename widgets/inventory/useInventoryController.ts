import { problemOf } from '../../lib/domain/messages';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useDeferredValue, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { CSV, INVENTORY } from '../../lib/domain/constants';
import {
  filterInventory,
  planInventoryImport,
  type InventoryImportPlan,
  type InventoryItemEdit,
  type NewInventoryItemDraft,
} from '../../lib/domain/inventory';
import { checkCsvFile, parseCsv, toCsv } from '../../lib/csv';
import { formatIsoDay } from '../../lib/format';
import { downloadText } from '../ui/download';
import { useStore } from '../ui/store-context';
import { showResult, toast } from '../ui/toast';
import { useT, useWhyNot } from '../ui/i18n';
import { useBulkJob } from '../ui/BulkProgress';
import { sumOf } from '../../lib/store/bulk';

export const INVENTORY_CSV_HEADERS = ['SKU', 'Product Name', 'Quantity', 'Low Stock Threshold', 'Reorder Point', 'Location', 'Last Restocked'] as const;

export interface InventoryControllerOptions {
  defaultSearch?: string;
  defaultLowStockOnly?: boolean;
  /** The item whose details are open (e.g. from `/inventory/{id}`); a new value opens that item, undefined closes it. */
  itemId?: string;
  /** Called with the item opened (id) or undefined when its details close, so the host can keep it in the URL. */
  onItemIdChange?(itemId: string | undefined): void;
}

/** A chosen CSV file's rows and what importing them would change, shown before anything is written. */
export interface InventoryImportPreview {
  fileName: string;
  rows: NewInventoryItemDraft[];
  plan: InventoryImportPlan;
}

/** Signals and actions of the Inventory screen; the views only render. */
export function useInventoryController({ defaultSearch = '', defaultLowStockOnly = false, itemId, onItemIdChange }: InventoryControllerOptions = {}) {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const { t, say } = useT();
  const [search, setSearch] = useState(defaultSearch);
  const [lowStockOnly, setLowStockOnly] = useState(defaultLowStockOnly);
  const [openId, setOpenId] = useState<string | undefined>(itemId);
  // A new itemId prop (the URL changed) wins over the screen's own choice.
  const [seenItemId, setSeenItemId] = useState(itemId);
  if (seenItemId !== itemId) {
    setSeenItemId(itemId);
    setOpenId(itemId);
  }
  const [importPreview, setImportPreview] = useState<InventoryImportPreview | null>(null);
  /** The counts an import sent in pages reports once the server has every page. */
  const awaited = useRef<string | null>(null);
  const bulk = useBulkJob('inventory.importItems', ({ job, state }) => {
    if (state !== 'saved') return;
    const mine = awaited.current === job.id;
    awaited.current = null;
    store.bulk.forget(job);
    const [created, updated] = [sumOf(job.values, 'created'), sumOf(job.values, 'updated')];
    if (mine) toast.success(t('inventory.imported', { created, updated, total: created + updated }));
  });
  const all = store.inventory.items.items.value;
  // The input shows each keystroke at once; the table follows in an interruptible transition.
  const deferredSearch = useDeferredValue(search);
  const visible = useMemo(() => filterInventory(all, { search: deferredSearch, lowStockOnly }), [all, deferredSearch, lowStockOnly]);
  const writeBlocked = whyNot();
  const timeZone = store.admin.settings.value.value.timeZone;

  function exportCsv() {
    const rows = all.map((item) => [item.sku, item.name, item.quantity, item.lowStockThreshold, item.reorderPoint, item.location, item.lastRestocked]);
    downloadText(`inventory-${formatIsoDay(store.now())}.csv`, toCsv(INVENTORY_CSV_HEADERS, rows));
    toast.success(t('inventory.exported', { count: all.length }));
  }

  async function importCsv(file: File) {
    const problem = checkCsvFile(file, CSV.maxUploadBytes);
    if (problem) {
      toast.error(say(problem));
      return;
    }
    const parsed = parseCsv(await file.text());
    const column = (name: string) => parsed.headers.findIndex((h) => h.toLowerCase() === name.toLowerCase());
    const sku = column('SKU');
    const name = column('Product Name');
    if (sku < 0 || name < 0) {
      toast.error(t('inventory.needsColumns'));
      return;
    }
    const at = (row: string[], index: number) => (index >= 0 ? row[index] : undefined);
    const drafts: NewInventoryItemDraft[] = parsed.rows.map((row) => ({
      sku: row[sku] ?? '',
      name: row[name] ?? '',
      quantity: at(row, column('Quantity')),
      lowStockThreshold: at(row, column('Low Stock Threshold')) ?? INVENTORY.defaultLowStockThreshold,
      reorderPoint: at(row, column('Reorder Point')) ?? INVENTORY.defaultReorderPoint,
      location: at(row, column('Location')),
    }));
    // Nothing is written yet: the preview shows what the file would change.
    const plan = planInventoryImport(drafts, all, store.now(), () => 'preview');
    setImportPreview({ fileName: file.name, rows: drafts, plan });
  }

  /** Applies the previewed import. */
  function applyImport() {
    if (!importPreview) return;
    const result = store.inventory.importItems(importPreview.rows);
    setImportPreview(null);
    if (!showResult(result)) return;
    const { created, updated, job } = result.value;
    // In pages, the rest are queued after this answer: the preview's plan names every refused row.
    const rejected = job ? importPreview.plan.rejected : result.value.rejected;
    if (rejected.length)
      toast.error(t('inventory.rowsNotImported', { rows: rejected.map((r) => t('inventory.rowNotImported', { row: r.row, error: say(problemOf(r)) })).join('; ') }), {
        duration: 8000,
      });
    // With a team server: called imported once the server has every page (the job says when).
    if (job) {
      awaited.current = job.id;
      return;
    }
    // Called imported once stored, not when the rows first show.
    void store.flush().then(() => toast.success(t('inventory.imported', { created, updated, total: created + updated })));
  }

  function openItem(id: string | undefined) {
    // Closing is heard twice (the button, then the dialog's close event): report it once.
    if (id === openId) return;
    setOpenId(id);
    onItemIdChange?.(id);
  }

  // Open details are an editor: a teammate's change to the item is told, and its deletion
  // closes them (the notice says who deleted it) rather than leaving an empty dialog.
  const shownId = openId ? store.inventory.items.get(openId)?.id : undefined;
  const closeDeleted = useEffectEvent(() => openItem(undefined));
  useEffect(() => {
    if (!shownId) return;
    const release = store.overwrites.editing({ collection: 'inventory', id: shownId });
    const stop = store.listen((change) => {
      if (change.changes.some((c) => c.collection === 'inventory' && c.id === shownId && c.after === undefined)) closeDeleted();
    });
    return () => {
      release();
      stop();
    };
  }, [store, shownId]);

  const editingQuantity = useCallback((id: string) => store.overwrites.editing({ collection: 'inventory', id, field: 'quantity' }), [store]);

  return {
    items: visible,
    total: all.length,
    summary: store.inventory.summary.value,
    search,
    setSearch,
    lowStockOnly,
    setLowStockOnly,
    writeBlocked,
    timeZone,
    addItem: (draft: NewInventoryItemDraft) => store.inventory.addItem(draft),
    setQuantity: (id: string, quantity: string) => store.inventory.setQuantity(id, quantity),
    /** An item's quantity is being typed: a teammate's change to it, or its deletion, is told. Returns the release. */
    editingQuantity,
    getItem: (id: string) => store.inventory.items.get(id),
    /** The item whose details are open, or undefined (also for an id that does not exist). */
    openItem: openId ? store.inventory.items.get(openId) : undefined,
    /** The id asked for (undefined: no details open). */
    openId,
    open: (id: string) => openItem(id),
    close: () => openItem(undefined),
    updateItem: (id: string, edit: InventoryItemEdit) => store.inventory.updateItem(id, edit),
    deleteItem: (id: string) => store.inventory.deleteItem(id),
    exportCsv,
    importCsv,
    importPreview,
    applyImport,
    /** An import under way in pages (team server), or one that ended cancelled or partly refused. */
    bulk,
    dismissBulk: () => {
      if (bulk) store.bulk.forget(bulk.job);
      awaited.current = null;
    },
    cancelImport: () => setImportPreview(null),
  };
}
