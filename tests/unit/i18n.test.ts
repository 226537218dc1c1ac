import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { validateGeneralSettings } from '../../lib/domain/settings';
import { checkImageFile } from '../../lib/domain/funnels';
import { problemOf } from '../../lib/domain/messages';
import { englishOf } from '../../lib/domain/messages';
import { sentenceMessage } from '../../lib/schema/stored-english';
import { PLAN_FEATURE_NAMES, PLAN_OFFERS } from '../../lib/domain/billing';
import { EXPORT_TYPE_NAME, EXPORT_TYPES, exportFieldKey } from '../../lib/domain/csv-export';
import { LANGUAGE_CODES, loadLanguage, translatorFor, type LanguageCode } from '../../lib/i18n';
import { en } from '../../lib/i18n/catalogs/en-US';
import { pack as es } from '../../lib/i18n/catalogs/es';
import { pack as fr } from '../../lib/i18n/catalogs/fr';

const loaded = async (lang: LanguageCode) => {
  await loadLanguage(lang);
  return translatorFor(lang);
};

describe('plural forms', () => {
  it('English: one field, N fields', async () => {
    const { t } = await loaded('en-US');
    expect(t('fields.selected', { count: 1 })).toBe('1 field selected');
    expect(t('fields.selected', { count: 0 })).toBe('0 fields selected');
    expect(t('fields.selected', { count: 3 })).toBe('3 fields selected');
  });
  it('Spanish: 1 is singular, 0 and 2 plural', async () => {
    const { t } = await loaded('es');
    expect(t('fields.selected', { count: 1 })).toBe('1 campo seleccionado');
    expect(t('fields.selected', { count: 0 })).toBe('0 campos seleccionados');
    expect(t('fields.selected', { count: 2 })).toBe('2 campos seleccionados');
  });
  it('French: 0 and 1 are singular, 2 plural', async () => {
    const { t } = await loaded('fr');
    expect(t('fields.selected', { count: 0 })).toBe('0 champ sélectionné');
    expect(t('fields.selected', { count: 1 })).toBe('1 champ sélectionné');
    expect(t('fields.selected', { count: 2 })).toBe('2 champs sélectionnés');
  });
});

describe('formats', () => {
  const instant = '2026-03-05T17:04:00Z';
  it('English keeps the spec formats (MMM d, yyyy; HH:mm) and US dollars', async () => {
    const f = await loaded('en-US');
    expect(f.formatDay(instant, 'UTC')).toBe('Mar 5, 2026');
    expect(f.formatDateTime(instant, 'America/New_York')).toBe('Mar 5, 2026 12:04');
    expect(f.formatHistory(instant, 'America/Los_Angeles')).toBe('Mar 5, 09:04');
    expect(f.formatMoney(1234.5)).toBe('$1,234.50');
    expect(f.formatNumber(1234567)).toBe('1,234,567');
    expect(f.formatPercent(12.34)).toBe('12.3%');
    expect(f.formatRelative('2026-03-05T15:04:00Z', new Date(instant))).toBe('2 hours ago');
  });
  it('Spanish: day first, Spanish month names, comma decimals, euro-style currency layout', async () => {
    const f = await loaded('es');
    expect(f.formatDay(instant, 'UTC')).toBe('5 mar 2026');
    expect(f.formatDateTime(instant, 'America/New_York')).toBe('5 mar 2026, 12:04');
    expect(f.formatMoney(1234.5)).toBe('1234,50\u00a0US$');
    expect(f.formatNumber(1234567)).toBe('1.234.567');
    expect(f.formatPercent(12.34)).toBe('12,3\u00a0%');
    expect(f.formatRelative('2026-03-05T15:04:00Z', new Date(instant))).toBe('hace 2 horas');
  });
  it('French: day first, French month names, narrow spaces for thousands', async () => {
    const f = await loaded('fr');
    expect(f.formatDay(instant, 'UTC')).toBe('5 mars 2026');
    expect(f.formatHistory(instant, 'America/Los_Angeles')).toBe('5 mars, 09:04');
    expect(f.formatMoney(1234.5)).toBe('1\u202f234,50\u00a0$US');
    expect(f.formatNumber(1234567)).toBe('1\u202f234\u202f567');
    expect(f.formatPercent(12.34)).toBe('12,3\u00a0%');
    expect(f.formatRelative('2026-03-05T15:04:00Z', new Date(instant))).toBe('il y a 2 heures');
  });
});

describe('messages from the domain rules', () => {
  it('are said from their key and values, in English for the server and in the reader\'s language on screen', async () => {
    const tooLong = validateGeneralSettings({ companyName: 'x'.repeat(500), timeZone: 'UTC', language: 'es' });
    if (tooLong.ok || !tooLong.problem) throw new Error('a too long company name is refused with a message');
    expect(tooLong.error).toBe('Company name must be at most 120 characters');
    expect((await loaded('es')).say(tooLong.problem)).toBe('El nombre de la empresa no puede superar los 120 caracteres');
    expect((await loaded('fr')).say(tooLong.problem)).not.toBe(tooLong.error);
    const saved = validateGeneralSettings({ companyName: 'Acme', timeZone: 'UTC', language: 'es' });
    if (!saved.ok || !saved.notice) throw new Error('a save is accepted with a message');
    expect((await loaded('es')).say(saved.notice)).toBe('Configuración guardada');
    // A value that is itself a message is said in the same language.
    expect((await loaded('es')).say({ key: 'domain.settings.companyTooLong', values: { max: { key: 'domain.settings.saved' } } })).toContain('Configuración guardada');
  });
  it('a refusal that came with no message shows as written in English and as a plain sentence in another language', async () => {
    const refusal = { error: 'Something nobody wrote down' };
    expect((await loaded('en-US')).say(problemOf(refusal))).toBe('Something nobody wrote down');
    expect((await loaded('es')).say(problemOf(refusal))).toBe(es.messages['domain.refused']);
    expect((await loaded('fr')).say(problemOf(refusal))).toBe(fr.messages['domain.refused']);
    // A team server's known code is said from the catalog.
    expect((await loaded('es')).say(problemOf({ error: 'Not found', code: 'notFound' }))).toBe(es.messages['server.error.notFound']);
  });
});

describe('activity entries and notifications stored in English, lifted to messages once', () => {
  // Written in English by an older version, with no message beside them: the lift reads each back into a message.
  const storedTextIn = (i18n: { say: (said: NonNullable<ReturnType<typeof sentenceMessage>>) => string }, text: string) => {
    const said = sentenceMessage(text);
    return said ? i18n.say(said) : text;
  };
  const written = [
    'Sarah Johnson moved from Brief to Confirmation (step "Creator Confirmation")',
    'Jamie Smith is now Viewer',
    'Jamie Smith can no longer send outreach',
    'Demographics: added Gen Z',
    'Product has been shipped to Sarah Johnson. Tracking information sent.',
    'Status updated to Contract for Mike Chen.',
    'Funnel status updated',
    'Quantity cannot be negative',
  ];
  it('read in Spanish and French, with the status, role, group and field names translated', async () => {
    const es = await loaded('es');
    const fr = await loaded('fr');
    expect(written.map((text) => storedTextIn(es, text))).toEqual([
      'Sarah Johnson pasó de briefing a confirmación (paso «Creator Confirmation»)',
      'Jamie Smith ahora es lector',
      'Jamie Smith ya no puede enviar mensajes a creadores',
      'Demografía: se añadió Gen Z',
      'El producto se ha enviado a Sarah Johnson. Se ha enviado la información de seguimiento.',
      'Estado de Mike Chen actualizado a contrato.',
      'Estado del embudo actualizado',
      'Cantidad: no puede ser negativo',
    ]);
    expect(storedTextIn(fr, written[1])).toBe('Jamie Smith est désormais lecteur');
    expect(storedTextIn(fr, written[3])).toBe('Démographie : Gen Z ajouté');
  });
  it('stay exactly as written in English', async () => {
    const en = await loaded('en-US');
    expect(written.map((text) => storedTextIn(en, text))).toEqual(written);
    for (const text of written) expect(englishOf(sentenceMessage(text)!)).toBe(text);
  });
  it('a sentence no catalog entry says is not read back', () => {
    expect(sentenceMessage('Written by an older version')).toBeNull();
  });
});

describe('catalogs', () => {
  const keys = Object.keys(en).sort();
  it.each([
    ['es', es.messages],
    ['fr', fr.messages],
  ] as const)('%s has exactly the English keys, each translated and each a valid message', async (lang, messages) => {
    expect(Object.keys(messages).sort()).toEqual(keys);
    const { t } = await loaded(lang);
    // A message that does not parse, or names a value the English one does not give, is reported
    // (and falls back to English): no report may come.
    const reports = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (const key of keys) {
        expect(messages[key as keyof typeof messages].trim(), key).not.toBe('');
        const names = [...en[key as keyof typeof en].matchAll(/\{(\w+)/g)].map((match) => match[1]);
        const text = t(key as keyof typeof en, Object.fromEntries(names.map((name) => [name, 2])));
        expect(text, key).toBeTypeOf('string');
        expect(reports.mock.calls.map((call) => String(call[1] ?? call[0])), key).toEqual([]);
      }
    } finally {
      reports.mockRestore();
    }
  });

  it('every language the Settings offer has a catalog', () => {
    expect([...LANGUAGE_CODES]).toEqual(['en-US', 'es', 'fr']);
  });

  it('has no unused key: each is named in the source, or is an English text the source says and translates by text', () => {
    const root = join(__dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    for (const dir of ['lib', 'widgets', 'host', 'server']) walk(join(root, dir));
    files.push(join(root, 'screens.ts'));
    const sources = files.filter((file) => !file.includes(join('lib', 'i18n', 'catalogs'))).map((file) => readFileSync(file, 'utf8'));
    const source = sources.join('\n');
    // Keys built from a prefix and a value: t(`settings.tab.${id}`), message(`orders.status.${status}`).
    const prefixes = [...source.matchAll(/(?:\bt|\bmessage)\(`([\w.-]+)\$\{/g)].map((m) => m[1]);
    const unused = keys.filter((key) => {
      if (source.includes(`'${key}'`) || prefixes.some((prefix) => key.startsWith(prefix))) return false;
      const text = en[key as keyof typeof en];
      // A template's longest fixed part ("Company name must be at most ", " is not a valid email address").
      const fixed = text.split(/\{[^}]*\}/).sort((x, y) => y.length - x.length)[0];
      if (fixed === text) return !(source.includes(`'${text}'`) || source.includes(`"${text}"`) || source.includes(`\`${text}\``));
      return !(fixed.trim().length > 4 && source.includes(fixed));
    });
    expect(unused).toEqual([]);
  });
});

describe('sizes', () => {
  it('are said in the language\'s unit: French "Mo", Spanish and English "MB"', async () => {
    const fr = await loaded('fr');
    expect(fr.say(checkImageFile({ name: 'photo.png', type: 'image/png', size: 3 * 1024 * 1024 })!)).toBe('photo.png dépasse 2\u202fMo.');
    expect(fr.formatSize('10MB')).toBe('10\u202fMo');
    const es = await loaded('es');
    expect(es.formatSize('10MB')).toBe('10 MB');
    const en = await loaded('en-US');
    expect(en.formatSize('10MB')).toBe('10MB');
  });
});

describe('product words said by key', () => {
  it('every export column and plan feature has its catalog entry', () => {
    for (const type of EXPORT_TYPES) {
      expect(en[EXPORT_TYPE_NAME[type.id]], type.id).toBe(type.name);
      for (const field of type.fields) expect(en[exportFieldKey(field)], field).toBe(field);
    }
    for (const offer of PLAN_OFFERS) for (const feature of offer.features) expect(en[PLAN_FEATURE_NAMES[feature]], feature).toBe(feature);
  });
});
