// Amounts and quantities have a maximum, and text holds no control characters: the pure rules.
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT, MAX_QUANTITY } from '../../lib/domain/constants';
import { CONTROL_IN_LINE, controlCharacterPath } from '../../lib/domain/control-characters';
import { parseWholeNumber } from '../../lib/domain/inventory';
import { englishOf } from '../../lib/domain/messages';
import { emptyNewFunnelDraft, validateNewFunnelStep } from '../../lib/domain/new-funnel';

describe('amount and quantity limits', () => {
  it(`a count is at most ${MAX_QUANTITY}`, () => {
    expect(parseWholeNumber(String(MAX_QUANTITY), 0, 'inventory.col.quantity')).toEqual({ ok: true, value: MAX_QUANTITY });
    expect(parseWholeNumber(MAX_QUANTITY + 1, 0, 'inventory.col.quantity')).toMatchObject({ ok: false, error: `Quantity must be at most ${MAX_QUANTITY}` });
    expect(parseWholeNumber('1e20', 0, 'inventory.col.quantity')).toMatchObject({ ok: false });
    expect(parseWholeNumber('100000000000000000000', 0, 'inventory.col.quantity')).toMatchObject({ ok: false, error: `Quantity must be at most ${MAX_QUANTITY}` });
  });

  it(`a budget is at most ${MAX_AMOUNT} dollars, a deliverable count at most ${MAX_QUANTITY}`, () => {
    const draft = { ...emptyNewFunnelDraft(new Date('2026-03-10T12:00:00Z'), 'Alex Morgan'), objective: 'Launch', startDate: '2026-03-10', dueDate: '2026-04-10' };
    const valueError = (value: string) => {
      const said = validateNewFunnelStep(1, { ...draft, value }, []).value;
      return said && englishOf(said);
    };
    expect(valueError(String(MAX_AMOUNT))).toBeUndefined();
    expect(valueError('10000000.01')).toBe(`Budget must be at most ${MAX_AMOUNT} dollars`);
    expect(valueError('100000000000000000000')).toBe(`Budget must be at most ${MAX_AMOUNT} dollars`);
    const count = validateNewFunnelStep(2, { ...draft, contentType: 'Reel', count: String(MAX_QUANTITY + 1), deliverableDueDate: '2026-04-01' }, []).count;
    expect(count && englishOf(count)).toBe(`Count must be at most ${MAX_QUANTITY}`);
  });
});

describe('control characters', () => {
  it('finds NUL and C0 in text and keys, allowing tab and line breaks in text', () => {
    expect(controlCharacterPath({ note: 'one\r\n\ttwo', list: ['a', 'b'] })).toBeNull();
    expect(controlCharacterPath({ note: 'a\u0000b' })).toBe('note');
    expect(controlCharacterPath({ rows: [{ name: 'ok' }, { name: 'bell\u0007' }] })).toBe('rows.1.name');
    expect(controlCharacterPath({ outer: { ['k\u001f']: 1 } })).toBe('outer');
    expect(controlCharacterPath('\u000b')).toBe('');
    expect(controlCharacterPath('line\nbreak', CONTROL_IN_LINE)).toBe('');
    expect(controlCharacterPath({ n: 1, b: true, z: null })).toBeNull();
  });

  it('walks a body nested far deeper than the stack would allow', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(controlCharacterPath(deep)).toMatch(/^0(\.0)*$/);
  });
});
