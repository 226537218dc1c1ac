import { useRef, useState, type FormEvent } from 'react';
import { INVENTORY_IMPORT_FIELDS, INVENTORY_STATUS_LABEL, inventoryStatus, locationLabel, type InventoryImportField, type InventoryItemEdit } from '../../lib/domain/inventory';
import type { InventoryItem, InventoryStatus } from '../../lib/domain/types';
import { formatDay } from '../../lib/format';
import { Badge, type BadgeColor } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
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
  const fileRef = useRef<HTMLInputElement>(null);

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
        <Button size="small" aria-label={`View details of ${item.name}`} onClick={() => inv.open(item.id)}>
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
      <ItemDetailsDialog controller={inv} />
      <ImportPreviewDialog controller={inv} />
    </div>
  );
}

type InventoryController = ReturnType<typeof useInventoryController>;

/** An item's details (its own URL in the host app), with Edit and Delete. Deleting asks first. */
function ItemDetailsDialog({ controller: inv }: { controller: InventoryController }) {
  const item = inv.openItem;
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [edit, setEdit] = useState<InventoryItemEdit>({ name: '', lowStockThreshold: '', reorderPoint: '', location: '' });
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setEditing(false);
    setError(null);
    inv.close();
  };
  const startEditing = (from: InventoryItem) => {
    setEdit({ name: from.name, lowStockThreshold: String(from.lowStockThreshold), reorderPoint: String(from.reorderPoint), location: from.location });
    setError(null);
    setEditing(true);
  };
  const title = item ? (editing ? `Edit ${item.name}` : item.name) : 'Item not found';
  return (
    <>
      <Dialog
        open={Boolean(inv.openId)}
        onOpenChange={(open) => !open && close()}
        title={title}
        onSubmit={
          editing && item
            ? () => {
                const result = inv.updateItem(item.id, edit);
                setError(result.ok ? null : result.error);
                if (result.ok) {
                  showResult(result);
                  setEditing(false);
                }
              }
            : undefined
        }
        footer={
          !item ? (
            <Button onClick={close}>Done</Button>
          ) : editing ? (
            <>
              <Button onClick={() => setEditing(false)}>Cancel</Button>
              <Button type="submit" variant="primary">
                Save Changes
              </Button>
            </>
          ) : (
            <>
              <Button variant="danger" disabledReason={inv.writeBlocked} onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
              <span className="cf-spacer" />
              <Button disabledReason={inv.writeBlocked} onClick={() => startEditing(item)}>
                Edit
              </Button>
              <Button variant="primary" onClick={close}>
                Done
              </Button>
            </>
          )
        }
      >
        {!item ? (
          <p>This inventory item does not exist. It may have been deleted.</p>
        ) : editing ? (
          <>
            <FormField id="cf-edit-name" label="Product Name" value={edit.name} onChange={(name) => setEdit({ ...edit, name })} />
            <FormField id="cf-edit-threshold" label="Low Stock Threshold" type="number" value={String(edit.lowStockThreshold)} onChange={(lowStockThreshold) => setEdit({ ...edit, lowStockThreshold })} />
            <FormField id="cf-edit-reorder" label="Reorder Point" type="number" value={String(edit.reorderPoint)} onChange={(reorderPoint) => setEdit({ ...edit, reorderPoint })} />
            <FormField id="cf-edit-location" label="Location" value={edit.location} onChange={(location) => setEdit({ ...edit, location })} />
            {error && (
              <p role="alert" className="cf-error">
                {error}
              </p>
            )}
          </>
        ) : (
          <dl className="cf-details">
            <dt>SKU</dt>
            <dd>{item.sku}</dd>
            <dt>Quantity</dt>
            <dd>{item.quantity}</dd>
            <dt>Status</dt>
            <dd>{INVENTORY_STATUS_LABEL[inventoryStatus(item)]}</dd>
            <dt>Low Stock Threshold</dt>
            <dd>{item.lowStockThreshold}</dd>
            <dt>Reorder Point</dt>
            <dd>{item.reorderPoint}</dd>
            <dt>Location</dt>
            <dd>{locationLabel(item.location)}</dd>
            <dt>Last Restocked</dt>
            <dd>{formatDay(item.lastRestocked, inv.timeZone)}</dd>
          </dl>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirmDelete && Boolean(item)}
        onOpenChange={setConfirmDelete}
        title={`Delete ${item?.name ?? 'item'}?`}
        confirmLabel="Delete item"
        onConfirm={() => {
          setConfirmDelete(false);
          if (item && showResult(inv.deleteItem(item.id))) close();
        }}
      >
        <p>
          {item?.name} ({item?.sku}) and its stock count of {item?.quantity} leave the inventory. Orders that list this SKU then show it as missing.
        </p>
      </ConfirmDialog>
    </>
  );
}

const CHANGE_LABEL = { create: 'New item', update: 'Updated', unchanged: 'No change' } as const;

/** What a chosen CSV file would change, before anything is written: Apply or Cancel. */
function ImportPreviewDialog({ controller: inv }: { controller: InventoryController }) {
  const preview = inv.importPreview;
  const plan = preview?.plan;
  const writes = plan ? plan.created + plan.updated : 0;
  return (
    <Dialog
      open={Boolean(preview)}
      onOpenChange={(open) => !open && inv.cancelImport()}
      title="Import preview"
      className="cf-import-preview"
      footer={
        <>
          <Button onClick={inv.cancelImport}>Cancel</Button>
          <Button variant="primary" disabled={writes === 0} onClick={inv.applyImport}>
            Apply import
          </Button>
        </>
      }
    >
      {plan && (
        <>
          <p role="status">
            {preview.fileName}: {plan.created} new, {plan.updated} updated, {plan.unchanged} unchanged, {plan.rejected.length} rejected. Nothing is changed until you apply it.
          </p>
          <div className="cf-table-wrap">
            <table className="cf-table">
              <caption className="cf-visually-hidden">Changes the import makes</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Product</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {plan.changes.map((change) => (
                  <tr key={`${change.row}`}>
                    <td>{change.row}</td>
                    <td>{change.after.sku}</td>
                    <td>{change.after.name}</td>
                    <td>
                      {CHANGE_LABEL[change.kind]}
                      {change.kind === 'update' &&
                        `: ${change.changed.map((key) => `${fieldLabel(key)} ${String(change.before![key])} → ${String(change.after[key])}`).join(', ')}`}
                    </td>
                  </tr>
                ))}
                {plan.rejected.map((r) => (
                  <tr key={`rejected-${r.row}`}>
                    <td>{r.row}</td>
                    <td colSpan={2} />
                    <td className="cf-error">Not imported: {r.error}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Dialog>
  );
}

const fieldLabel = (key: InventoryImportField) => INVENTORY_IMPORT_FIELDS.find((f) => f.key === key)!.label;

/** One labelled input of the inventory dialogs. */
function FormField({ id, label, value, onChange, type = 'text', placeholder }: { id: string; label: string; value: string; onChange(value: string): void; type?: string; placeholder?: string }) {
  return (
    <div className="cf-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="cf-input"
        type={type}
        min={type === 'number' ? 0 : undefined}
        step={type === 'number' ? 1 : undefined}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
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
      // Said inline, next to the form; a toast would say it twice inside the dialog.
      setError(result.error);
      return;
    }
    showResult(result);
    close(false);
  }
  const field = (key: keyof typeof EMPTY_DRAFT, label: string, type = 'text', placeholder?: string) => (
    <FormField id={`cf-add-${key}`} label={label} type={type} placeholder={placeholder} value={draft[key]} onChange={(value) => setDraft({ ...draft, [key]: value })} />
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
