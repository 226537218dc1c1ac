import { useRef, useState, type FormEvent } from 'react';
import { INVENTORY_STATUS_LABEL, inventoryStatus, locationLabel } from '../../lib/domain/inventory';
import type { InventoryItem, InventoryStatus } from '../../lib/domain/types';
import { formatDay } from '../../lib/format';
import { Badge, type BadgeColor } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Screen } from '../ui/Screen';
import { showResult } from '../ui/toast';
import { VirtualTable, type Column } from '../ui/VirtualTable';
import { InventorySummaryCards } from './InventorySummary';
import { inventoryStyles } from './styles';
import { useInventoryController, type InventoryControllerOptions } from './useInventoryController';
import { SearchField } from '../ui/SearchField';

const STATUS_COLOR: Record<InventoryStatus, BadgeColor> = { 'in-stock': 'green', 'low-stock': 'yellow', 'out-of-stock': 'red' };

export interface InventoryProps extends InventoryControllerOptions {
  /** Hide the summary cards (when `<cf-inventory-summary>` shows them elsewhere). Default false. */
  hideSummary?: boolean;
}

/** The Inventory screen (spec §2 "Inventory"). */
export function Inventory(props: InventoryProps) {
  return (
    <Screen name="Inventory" styles={inventoryStyles} part="root">
      <InventoryView {...props} />
    </Screen>
  );
}

function InventoryView({ hideSummary = false, ...options }: InventoryProps) {
  const inv = useInventoryController(options);
  const [adding, setAdding] = useState(false);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const details = detailsId ? inv.getItem(detailsId) : undefined;

  const columns: Column<InventoryItem>[] = [
    { key: 'name', header: 'Product', render: (item) => item.name },
    { key: 'sku', header: 'SKU', render: (item) => item.sku },
    {
      key: 'quantity',
      header: 'Quantity',
      render: (item) => <QuantityCell item={item} blocked={inv.writeBlocked} onSave={(q) => showResult(inv.setQuantity(item.id, q))} />,
    },
    {
      key: 'status',
      header: 'Status',
      render: (item) => {
        const status = inventoryStatus(item);
        return <Badge color={STATUS_COLOR[status]}>{INVENTORY_STATUS_LABEL[status]}</Badge>;
      },
    },
    { key: 'location', header: 'Location', render: (item) => locationLabel(item.location) },
    { key: 'lastRestocked', header: 'Last Restocked', render: (item) => formatDay(item.lastRestocked, inv.timeZone) },
    {
      key: 'actions',
      header: 'Actions',
      render: (item) => (
        <Button size="small" aria-label={`View details of ${item.name}`} onClick={() => setDetailsId(item.id)}>
          View Details
        </Button>
      ),
    },
  ];

  return (
    <div className="cf-stack">
      <div className="cf-row">
        <h1>Inventory</h1>
        <span className="cf-spacer" />
        <input
          ref={fileRef}
          type="file"
          accept=".csv,text/csv"
          className="cf-visually-hidden"
          aria-label="Import inventory CSV file"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void inv.importCsv(file);
          }}
        />
        <Button disabledReason={inv.writeBlocked} onClick={() => fileRef.current?.click()}>
          Import
        </Button>
        <Button onClick={inv.exportCsv}>Export</Button>
        <Button variant="primary" disabledReason={inv.writeBlocked} onClick={() => setAdding(true)}>
          Add Item
        </Button>
      </div>
      {!hideSummary && <InventorySummaryCards />}
      <div className="cf-inventory-toolbar" role="search">
        <SearchField label="Search inventory" placeholder="Search by name or SKU" value={inv.search} onValueChange={inv.setSearch} />
        <label className="cf-check">
          <input type="checkbox" checked={inv.lowStockOnly} onChange={(event) => inv.setLowStockOnly(event.target.checked)} />
          Low stock only
        </label>
        <span className="cf-muted" role="status">
          {inv.items.length} of {inv.total} items
        </span>
      </div>
      <VirtualTable
        label="Inventory items"
        columns={columns}
        rows={inv.items}
        rowKey={(item) => item.id}
        empty={<strong>No inventory items found</strong>}
      />
      <AddItemDialog open={adding} onOpenChange={setAdding} onAdd={inv.addItem} />
      <Dialog open={Boolean(details)} onOpenChange={(open) => !open && setDetailsId(null)} title={details ? details.name : 'Item details'}>
        {details && (
          <dl className="cf-details">
            <dt>SKU</dt>
            <dd>{details.sku}</dd>
            <dt>Quantity</dt>
            <dd>{details.quantity}</dd>
            <dt>Status</dt>
            <dd>{INVENTORY_STATUS_LABEL[inventoryStatus(details)]}</dd>
            <dt>Low Stock Threshold</dt>
            <dd>{details.lowStockThreshold}</dd>
            <dt>Reorder Point</dt>
            <dd>{details.reorderPoint}</dd>
            <dt>Location</dt>
            <dd>{locationLabel(details.location)}</dd>
            <dt>Last Restocked</dt>
            <dd>{formatDay(details.lastRestocked, inv.timeZone)}</dd>
          </dl>
        )}
      </Dialog>
    </div>
  );
}

function QuantityCell({ item, blocked, onSave }: { item: InventoryItem; blocked: string | null; onSave(quantity: string): boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(String(item.quantity));
  if (!editing) {
    return (
      <span className="cf-qty">
        {item.quantity}
        <Button
          size="small"
          variant="ghost"
          aria-label={`Edit quantity of ${item.name}`}
          disabledReason={blocked}
          onClick={() => {
            setDraft(String(item.quantity));
            setEditing(true);
          }}
        >
          ✎
        </Button>
      </span>
    );
  }
  const save = () => {
    if (onSave(draft)) setEditing(false);
  };
  return (
    <span className="cf-qty">
      <input
        className="cf-input"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        aria-label={`Quantity of ${item.name}`}
        value={draft}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
          if (event.key === 'Escape') setEditing(false);
        }}
      />
      <Button size="small" variant="primary" aria-label={`Save quantity of ${item.name}`} onClick={save}>
        ✓
      </Button>
      <Button size="small" aria-label={`Cancel editing quantity of ${item.name}`} onClick={() => setEditing(false)}>
        ✕
      </Button>
    </span>
  );
}

const EMPTY_DRAFT = { sku: '', name: '', quantity: '', lowStockThreshold: '', location: '' };

function AddItemDialog({
  open,
  onOpenChange,
  onAdd,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onAdd: ReturnType<typeof useInventoryController>['addItem'];
}) {
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) {
      setDraft(EMPTY_DRAFT);
      setError(null);
    }
    onOpenChange(next);
  };
  function submit(_event: FormEvent) {
    const result = onAdd(draft);
    if (!result.ok) {
      setError(result.error);
      showResult(result);
      return;
    }
    showResult(result);
    close(false);
  }
  const field = (key: keyof typeof EMPTY_DRAFT, label: string, type = 'text', placeholder?: string) => (
    <div className="cf-field">
      <label htmlFor={`cf-add-${key}`}>{label}</label>
      <input
        id={`cf-add-${key}`}
        className="cf-input"
        type={type}
        min={type === 'number' ? 0 : undefined}
        step={type === 'number' ? 1 : undefined}
        placeholder={placeholder}
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    </div>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add Item"
      onSubmit={submit}
      footer={
        <>
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button type="submit" variant="primary">
            Add Item
          </Button>
        </>
      }
    >
      {field('sku', 'SKU')}
      {field('name', 'Product Name')}
      {field('quantity', 'Initial Quantity', 'number', '0')}
      {field('lowStockThreshold', 'Low Stock Threshold', 'number', '10')}
      {field('location', 'Location')}
      {error && (
        <p role="alert" className="cf-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
