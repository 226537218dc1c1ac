// The arguments an ICU message takes, read from its parsed form (scripts/messages.ts writes
// them as types; tests/unit/compiled-messages.test.ts fills them to format every message).
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type Kind = 'text' | 'number' | 'date' | 'select';

/** The arguments a parsed message takes, by name, with what each must be. */
export function argumentsOf(elements: readonly MessageFormatElement[], into = new Map<string, Kind>()): Map<string, Kind> {
  const note = (name: string, kind: Kind) => {
    const before = into.get(name);
    // A plural or number anywhere makes it a number; a date anywhere a date.
    if (!before || before === 'text' || (before === 'select' && kind !== 'text')) into.set(name, kind);
  };
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        note(element.value, 'text');
        break;
      case TYPE.number:
      case TYPE.plural:
        note(element.value, 'number');
        break;
      case TYPE.date:
      case TYPE.time:
        note(element.value, 'date');
        break;
      case TYPE.select:
        note(element.value, 'select');
        break;
      case TYPE.tag:
        argumentsOf(element.children, into);
        break;
      default:
        break;
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

