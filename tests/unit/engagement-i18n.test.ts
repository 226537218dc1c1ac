import { describe, expect, it } from 'vitest';
import { loadLanguage, translatorFor, type LanguageCode } from '../../lib/i18n';
import { campaignNameIn, engagementTypeIn } from '../../lib/i18n/engagement';
import { roleIn } from '../../lib/i18n/roles';

const loaded = async (lang: LanguageCode) => {
  await loadLanguage(lang);
  return translatorFor(lang);
};

describe('words stored in English, said in the reader\'s language', () => {
  it('names a campaign made from its type in each language; an objective the brand wrote stays its own', async () => {
    const en = await loaded('en-US');
    const es = await loaded('es');
    const fr = await loaded('fr');
    expect(campaignNameIn(en, { objective: null, engagementType: 'Tutorial' })).toBe('Tutorial campaign');
    expect(campaignNameIn(es, { objective: '', engagementType: 'Travel Vlog' })).toBe('Campaña de Vlog de viaje');
    expect(campaignNameIn(fr, { objective: '  ', engagementType: 'Tutorial' })).toBe('Campagne Tutoriel');
    expect(campaignNameIn(fr, { objective: 'Lancement été', engagementType: 'Tutorial' })).toBe('Lancement été');
  });

  it('keeps a type written through the API as it came', async () => {
    const fr = await loaded('fr');
    expect(engagementTypeIn(fr, 'Unboxing Video')).toBe('Vidéo de déballage');
    expect(engagementTypeIn(fr, 'Live AMA')).toBe('Live AMA');
  });

  it('says roles in the language: en tant que Lecteur, not Viewer', async () => {
    const fr = await loaded('fr');
    const es = await loaded('es');
    expect(roleIn(fr, 'Viewer')).toBe('Lecteur');
    expect(roleIn(es, 'Admin')).toBe('Administrador');
    expect(roleIn(fr, 'Owner?')).toBe('Owner?');
  });
});
