import { problemOf } from '../../lib/domain/messages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { inventoryStatus, type InventoryImportField, type InventoryItemEdit } from '../../lib/domain/inventory';
import type { InventoryItem, InventoryStatus } from '../../lib/domain/types';
import { Badge, type BadgeColor } from '../ui/Badge';
import { BulkProgressView } from '../ui/BulkProgress';
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
import { useT } from '../ui/i18n';
import type { Translator } from '../../lib/i18n';
import { useFormResult } from '../ui/useFormResult';
import { ScrollRegion } from '../ui/ScrollRegion';

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
  const { t, formatDay } = useT();
  const blocked = inv.writeBlocked;

  const columns: Column<InventoryItem>[] = [
    { key: 'name', header: t('inventory.col.product'), render: (item) => item.name },
    { key: 'sku', header: t('inventory.col.sku'), render: (item) => item.sku },
    {
      key: 'quantity',
      header: t('inventory.col.quantity'),
      render: (item) => <QuantityCell item={item} blocked={blocked} onSave={(q) => showResult(inv.setQuantity(item.id, q))} onEditing={inv.editingQuantity} />,
    },
    {
      key: 'status',
      header: t('inventory.col.status'),
      render: (item) => {
        const status = inventoryStatus(item);
        return <Badge color={STATUS_COLOR[status]}>{t(`inventory.status.${status}`)}</Badge>;
      },
    },
    { key: 'location', header: t('inventory.col.location'), render: (item) => item.location.trim() || t('inventory.notSet') },
    { key: 'lastRestocked', header: t('inventory.col.lastRestocked'), render: (item) => formatDay(item.lastRestocked, inv.timeZone) },
    {
      key: 'actions',
      header: t('inventory.col.actions'),
      render: (item) => (
        <Button size="small" aria-label={t('inventory.viewDetailsOf', { name: item.name })} onClick={() => inv.open(item.id)}>
          {t('inventory.viewDetails')}
        </Button>
      ),
    },
  ];

  return (
    <div className="cf-stack">
      <div className="cf-row">
        <h1>{t('inventory.heading')}</h1>
        <span className="cf-spacer" />
        <input
          ref={fileRef}
          type="file"
          accept=".csv,text/csv"
          className="cf-visually-hidden"
          aria-label={t('inventory.importFile')}
          tabIndex={-1}
          // A Viewer's file input is off too, not only its button: a label or a script could still open it.
          disabled={Boolean(blocked)}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void inv.importCsv(file);
          }}
        />
        <Button disabledReason={blocked} disabled={inv.bulk?.state === 'saving'} onClick={() => fileRef.current?.click()}>
          {t('inventory.import')}
        </Button>
        <Button onClick={inv.exportCsv}>{t('inventory.export')}</Button>
        <Button variant="primary" disabledReason={blocked} onClick={() => setAdding(true)}>
          {t('inventory.addItem')}
        </Button>
      </div>
      {inv.bulk && <BulkProgressView view={inv.bulk} onDismiss={inv.dismissBulk} />}
      {!hideSummary && <InventorySummaryCards />}
      <div className="cf-inventory-toolbar" role="search">
        <SearchField label={t('inventory.search')} placeholder={t('inventory.searchPlaceholder')} value={inv.search} onValueChange={inv.setSearch} />
        <label className="cf-check">
          <input type="checkbox" checked={inv.lowStockOnly} onChange={(event) => inv.setLowStockOnly(event.target.checked)} />
          {t('inventory.lowStockOnly')}
        </label>
        <span className="cf-muted" role="status">
          {t('inventory.count', { shown: inv.items.length, total: inv.total })}
        </span>
      </div>
      <VirtualTable
        label={t('inventory.table')}
        columns={columns}
        rows={inv.items}
        rowKey={(item) => item.id}
        empty={<strong>{t('inventory.none')}</strong>}
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
  const { t, formatDay, formatMoney } = useT();
  const blocked = inv.writeBlocked;
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [edit, setEdit] = useState<InventoryItemEdit>({ name: '', lowStockThreshold: '', reorderPoint: '', location: '' });
  const { error, errorText, setError, finish } = useFormResult();
  const close = () => {
    setEditing(false);
    setError(null);
    inv.close();
  };
  const startEditing = (from: InventoryItem) => {
    setEdit({
      name: from.name,
      lowStockThreshold: String(from.lowStockThreshold),
      reorderPoint: String(from.reorderPoint),
      location: from.location,
      unitCost: from.unitCost === undefined ? '' : String(from.unitCost),
      retailPrice: from.retailPrice === undefined ? '' : String(from.retailPrice),
    });
    setError(null);
    setEditing(true);
  };
  const title = item ? (editing ? t('inventory.editTitle', { name: item.name }) : item.name) : t('inventory.notFound');
  return (
    <>
      <Dialog
        open={Boolean(inv.openId)}
        onOpenChange={(open) => !open && close()}
        title={title}
        onSubmit={
          editing && item
            ? () => {
                if (finish(inv.updateItem(item.id, edit))) setEditing(false);
              }
            : undefined
        }
        footer={
          !item ? (
            <Button onClick={close}>{t('inventory.done')}</Button>
          ) : editing ? (
            <>
              <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
              <Button type="submit" variant="primary">
                {t('inventory.saveChanges')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="danger" disabledReason={blocked} onClick={() => setConfirmDelete(true)}>
                {t('inventory.delete')}
              </Button>
              <span className="cf-spacer" />
              <Button disabledReason={blocked} onClick={() => startEditing(item)}>
                {t('inventory.edit')}
              </Button>
              <Button variant="primary" onClick={close}>
                {t('inventory.done')}
              </Button>
            </>
          )
        }
      >
        {!item ? (
          <p>{t('inventory.notFoundBody')}</p>
        ) : editing ? (
          <>
            <FormField id="cf-edit-name" label={t('inventory.productName')} value={edit.name} onChange={(name) => setEdit({ ...edit, name })} />
            <FormField id="cf-edit-threshold" label={t('inventory.lowStockThreshold')} type="number" value={String(edit.lowStockThreshold)} onChange={(lowStockThreshold) => setEdit({ ...edit, lowStockThreshold })} />
            <FormField id="cf-edit-reorder" label={t('inventory.reorderPoint')} type="number" value={String(edit.reorderPoint)} onChange={(reorderPoint) => setEdit({ ...edit, reorderPoint })} />
            <FormField id="cf-edit-location" label={t('inventory.col.location')} value={edit.location} onChange={(location) => setEdit({ ...edit, location })} />
            <FormField id="cf-edit-unit-cost" label={t('inventory.unitCost')} type="number" value={String(edit.unitCost ?? '')} onChange={(unitCost) => setEdit({ ...edit, unitCost })} />
            <FormField id="cf-edit-retail-price" label={t('inventory.retailPrice')} type="number" value={String(edit.retailPrice ?? '')} onChange={(retailPrice) => setEdit({ ...edit, retailPrice })} />
            {error && (
              <p role="alert" className="cf-error">
                {errorText}
              </p>
            )}
          </>
        ) : (
          <dl className="cf-details">
            <dt>{t('inventory.col.sku')}</dt>
            <dd>{item.sku}</dd>
            <dt>{t('inventory.col.quantity')}</dt>
            <dd>{item.quantity}</dd>
            <dt>{t('inventory.col.status')}</dt>
            <dd>{t(`inventory.status.${inventoryStatus(item)}`)}</dd>
            <dt>{t('inventory.lowStockThreshold')}</dt>
            <dd>{item.lowStockThreshold}</dd>
            <dt>{t('inventory.reorderPoint')}</dt>
            <dd>{item.reorderPoint}</dd>
            <dt>{t('inventory.col.location')}</dt>
            <dd>{item.location.trim() || t('inventory.notSet')}</dd>
            <dt>{t('inventory.col.lastRestocked')}</dt>
            <dd>{formatDay(item.lastRestocked, inv.timeZone)}</dd>
            <dt>{t('inventory.unitCost')}</dt>
            <dd>{item.unitCost === undefined ? t('inventory.notSet') : formatMoney(item.unitCost)}</dd>
            <dt>{t('inventory.retailPrice')}</dt>
            <dd>{item.retailPrice === undefined ? t('inventory.notSet') : formatMoney(item.retailPrice)}</dd>
          </dl>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirmDelete && Boolean(item)}
        onOpenChange={setConfirmDelete}
        title={item ? t('inventory.deleteTitle', { name: item.name }) : t('inventory.deleteTitleItem')}
        confirmLabel={t('inventory.deleteItem')}
        onConfirm={() => {
          setConfirmDelete(false);
          if (item && showResult(inv.deleteItem(item.id))) close();
        }}
      >
        <p>
          {t('inventory.deleteBody', { name: item?.name ?? '', sku: item?.sku ?? '', quantity: item?.quantity ?? 0 })}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** What a chosen CSV file would change, before anything is written: Apply or Cancel. */
function ImportPreviewDialog({ controller: inv }: { controller: InventoryController }) {
  const preview = inv.importPreview;
  const plan = preview?.plan;
  const writes = plan ? plan.created + plan.updated : 0;
  const { t, say } = useT();
  return (
    <Dialog
      open={Boolean(preview)}
      onOpenChange={(open) => !open && inv.cancelImport()}
      title={t('inventory.preview')}
      className="cf-import-preview"
      footer={
        <>
          <Button onClick={inv.cancelImport}>{t('common.cancel')}</Button>
          <Button variant="primary" disabled={writes === 0} onClick={inv.applyImport}>
            {t('inventory.applyImport')}
          </Button>
        </>
      }
    >
      {plan && (
        <>
          <p role="status">
            {t('inventory.previewSummary', { file: preview.fileName, created: plan.created, updated: plan.updated, unchanged: plan.unchanged, rejected: plan.rejected.length })}
          </p>
          <ScrollRegion label={t('inventory.changesCaption')}>
            <table className="cf-table">
              <caption className="cf-visually-hidden">{t('inventory.changesCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('inventory.row')}</th>
                  <th scope="col">{t('inventory.col.sku')}</th>
                  <th scope="col">{t('inventory.col.product')}</th>
                  <th scope="col">{t('inventory.change')}</th>
                </tr>
              </thead>
              <tbody>
                {plan.changes.map((change) => (
                  <tr key={`${change.row}`}>
                    <td>{change.row}</td>
                    <td>{change.after.sku}</td>
                    <td>{change.after.name}</td>
                    <td>
                      {t(`inventory.change.${change.kind}`)}
                      {change.kind === 'update' &&
                        `: ${change.changed.map((key) => `${fieldLabel(t, key)} ${String(change.before![key])} → ${String(change.after[key])}`).join(', ')}`}
                    </td>
                  </tr>
                ))}
                {plan.rejected.map((r) => (
                  <tr key={`rejected-${r.row}`}>
                    <td>{r.row}</td>
                    <td colSpan={2} />
                    <td className="cf-error">{t('inventory.notImported', { error: say(problemOf(r)) })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </Dialog>
  );
}

const FIELD_LABEL_KEY = {
  name: 'inventory.productName',
  quantity: 'inventory.col.quantity',
  lowStockThreshold: 'inventory.lowStockThreshold',
  reorderPoint: 'inventory.reorderPoint',
  location: 'inventory.col.location',
} as const satisfies Record<InventoryImportField, string>;
const fieldLabel = (t: Translator['t'], key: InventoryImportField) => t(FIELD_LABEL_KEY[key]);

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

function QuantityCell({
  item,
  blocked,
  onSave,
  onEditing,
}: {
  item: InventoryItem;
  blocked: string | null;
  onSave(quantity: string): boolean;
  /** Called while the quantity is being typed; returns the release. */
  onEditing(id: string): () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(String(item.quantity));
  const { t } = useT();
  useEffect(() => (editing ? onEditing(item.id) : undefined), [editing, item.id, onEditing]);
  if (!editing) {
    return (
      <span className="cf-qty">
        {item.quantity}
        <Button
          size="small"
          variant="ghost"
          aria-label={t('inventory.editQuantityOf', { name: item.name })}
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
        aria-label={t('inventory.quantityOf', { name: item.name })}
        value={draft}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
          if (event.key === 'Escape') setEditing(false);
        }}
      />
      <Button size="small" variant="primary" aria-label={t('inventory.saveQuantityOf', { name: item.name })} onClick={save}>
        ✓
      </Button>
      <Button size="small" aria-label={t('inventory.cancelQuantityOf', { name: item.name })} onClick={() => setEditing(false)}>
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
  const { error, errorText, setError, finish } = useFormResult();
  const { t } = useT();
  const close = (next: boolean) => {
    if (!next) {
      setDraft(EMPTY_DRAFT);
      setError(null);
    }
    onOpenChange(next);
  };
  function submit(_event: FormEvent) {
    if (finish(onAdd(draft))) close(false);
  }
  const field = (key: keyof typeof EMPTY_DRAFT, label: string, type = 'text', placeholder?: string) => (
    <FormField id={`cf-add-${key}`} label={label} type={type} placeholder={placeholder} value={draft[key]} onChange={(value) => setDraft({ ...draft, [key]: value })} />
  );
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('inventory.addItem')}
      onSubmit={submit}
      footer={
        <>
          <Button onClick={() => close(false)}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary">
            {t('inventory.addItem')}
          </Button>
        </>
      }
    >
      {field('sku', t('inventory.col.sku'))}
      {field('name', t('inventory.productName'))}
      {field('quantity', t('inventory.initialQuantity'), 'number', '0')}
      {field('lowStockThreshold', t('inventory.lowStockThreshold'), 'number', '10')}
      {field('location', t('inventory.col.location'))}
      {error && (
        <p role="alert" className="cf-error">
          {errorText}
        </p>
      )}
    </Dialog>
  );
}
