// What the server's write transaction throws, and the database constraints said the way the domain says them.
import { databaseErrorFacts } from '../../validation';

/** A rule the server enforces said no (an invariant, a member change outside invitations). The message is for the user. */
export class TxRejected extends Error {
  override name = 'TxRejected';
}

/** A mutator read something its `reads()` did not declare: a bug in the mutator, not user input. */
export class NotPreloadedError extends Error {
  override name = 'NotPreloadedError';
}

export class WorkspaceMissingError extends Error {
  override name = 'WorkspaceMissingError';
}

/** A database constraint that guards an invariant, said the way the domain says it. */
export function translateConstraintError(error: unknown, rows: Record<string, unknown>[]): TxRejected | null {
  const facts = databaseErrorFacts(error);
  if (!facts) return null;
  if (facts.code === '23505' && facts.constraint === 'inventory_workspace_sku_lower_key') {
    const key = /=\([^,]*, ?(.*)\) already exists/.exec(facts.detail ?? '')?.[1];
    const row = rows.find((r) => typeof r.sku === 'string' && r.sku.toLowerCase() === key);
    return new TxRejected(`SKU ${typeof row?.sku === 'string' ? row.sku : (key ?? '')} already exists`.replace(/ {2}/, ' '));
  }
  if (facts.code === '23514' && facts.constraint === 'inventory_quantity_nonnegative') return new TxRejected('Quantity cannot be negative');
  if (facts.code === '23514' && facts.constraint === 'inventory_thresholds_nonnegative') return new TxRejected('Stock thresholds cannot be negative');
  if (facts.code === '23505') return new TxRejected('A record with the same key already exists');
  if (facts.code === '23514') return new TxRejected('A value breaks a rule of this workspace');
  // Invalid text representation, numeric out of range, NUL in text.
  if (facts.code === '22P02' || facts.code === '22003' || facts.code === '22021' || facts.code === '22P05')
    return new TxRejected('A value does not fit its field');
  return null;
}
