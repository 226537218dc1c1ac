import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadLanguage } from '../../lib/i18n';
import { SCHEMA_VERSION } from '../../lib/schema/migrations';
import { createMemoryStorage } from '../../lib/storage/memory';
import { HelpCenter } from '../../widgets/help';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { StoreProvider } from '../../widgets/ui/store-context';
import { makeStore } from '../helpers/render';

/** A workspace with one stored record that cannot be read. */
const corrupted = () =>
  createMemoryStorage([
    { collection: 'meta', id: 'schema', value: { version: SCHEMA_VERSION } },
    { collection: 'inventory', id: 'bad', value: 'not a record' },
  ]);

describe('the persistence banner', () => {
  it.each([
    ['en-US', '1 saved record could not be read and was left out. Download them to keep a copy.', 'Download unreadable data'],
    ['es', 'No se pudo leer 1 registro guardado y se dejó fuera. Descárgalo para conservar una copia.', 'Descargar los datos ilegibles'],
    ['fr', '1 enregistrement n’a pas pu être lu et a été laissé de côté. Téléchargez-le pour en garder une copie.', 'Télécharger les données illisibles'],
  ] as const)('says in %s that a saved record could not be read, and offers it', async (lang, warning, download) => {
    await loadLanguage(lang);
    const store = await makeStore({ storage: corrupted() });
    render(
      <StoreProvider store={store}>
        <LanguageProvider lang={lang}>
          <HelpCenter />
        </LanguageProvider>
      </StoreProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(warning);
    expect(screen.getByRole('button', { name: download })).toBeInTheDocument();
  });
});
