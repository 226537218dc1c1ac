import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadLanguage } from '../../lib/i18n';
import { DataImport } from '../../widgets/data-import';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { renderScreen } from '../helpers/render';

const GOOD_AND_BAD = [
  'Handle,Name,Email,Platform,Followers,Engagement Rate,Category',
  '@lenapark,Lena Park,lena@example.com,Instagram,"12,000",6.5%,Influencer',
  ',No Handle,x@example.com,TikTok,100,1,Creator',
  '@sarahjstyle,Sarah Johnson,sarah@example.com,Instagram,250000,7.1,Influencer',
  '@badnumbers,Bad Numbers,bad@,YouTube,lots,140,Brand',
  '@five,Five,,,,,',
  '@six,Six,,,,,',
].join('\n');

const csvFile = (text: string, name = 'creators.csv') => new File([text], name, { type: 'text/csv' });

describe('<DataImport>', () => {
  it('states the size limit in French units', async () => {
    await loadLanguage('fr');
    await renderScreen(
      <LanguageProvider lang="fr">
        <DataImport importDurationMs={0} />
      </LanguageProvider>,
    );
    // The hint's space is a narrow no-break space, which the text matcher reads as a space.
    expect((await screen.findAllByText(/^Fichiers \.csv uniquement, 10 Mo maximum\./)).length).toBeGreaterThan(0);
  });

  it('refuses a file that is not CSV', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderScreen(<DataImport importDurationMs={0} />);
    await user.upload(await screen.findByLabelText('Choose a CSV file'), new File(['a'], 'creators.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent('creators.xlsx is not a CSV file. Choose a .csv file.');
  });

  it('refuses a file over 10MB', async () => {
    const user = userEvent.setup();
    await renderScreen(<DataImport importDurationMs={0} />);
    const big = csvFile('creator_handle,creator_name\n@a,A\n', 'big.csv');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(await screen.findByLabelText('Choose a CSV file'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('big.csv is larger than the 10MB limit.');
  });

  it('previews the first 5 data rows and guesses the mapping', async () => {
    const user = userEvent.setup();
    await renderScreen(<DataImport importDurationMs={0} />);
    await user.upload(await screen.findByLabelText('Choose a CSV file'), csvFile(GOOD_AND_BAD));
    const preview = await screen.findByRole('table', { name: 'Preview (first 5 rows)' });
    expect(within(preview).getAllByRole('row')).toHaveLength(6);
    expect(within(preview).queryByText('@six')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Handle')).toHaveValue('creator_handle');
    expect(screen.getByLabelText('Engagement Rate')).toHaveValue('engagement_rate');
    expect(screen.getByRole('status')).toHaveTextContent('4 rows are ready to import; 2 rows have problems and will not be imported.');
  });

  it('imports the good rows, reports the bad ones by row number, and creates or updates creators', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<DataImport importDurationMs={0} />);
    const before = store.admin.workspaceFunnels.value.length;
    await user.upload(await screen.findByLabelText('Choose a CSV file'), csvFile(GOOD_AND_BAD));
    await user.click(await screen.findByRole('button', { name: 'Import 4 rows' }));
    expect(await screen.findByRole('heading', { name: 'Data imported successfully' })).toBeInTheDocument();
    expect(screen.getByText('3 creators created, 1 updated, 2 rows not imported.')).toBeInTheDocument();
    const rejected = screen.getByRole('list', { name: 'Rows not imported' });
    expect(within(rejected).getByText(/^Row 2: creator_handle is required/)).toBeInTheDocument();
    expect(within(rejected).getByText(/^Row 4: /)).toHaveTextContent('followers must be a whole number');
    const funnels = store.admin.workspaceFunnels.value;
    expect(funnels).toHaveLength(before + 3);
    expect(funnels.find((f) => f.creatorHandle === '@lenapark')).toMatchObject({ status: 'Brief', followers: 12000, engagementRate: 6.5 });
    expect(funnels.find((f) => f.id === 'CR12345')).toMatchObject({ email: 'sarah@example.com', engagementRate: 7.1 });
  });

  it('needs both required fields mapped before importing', async () => {
    const user = userEvent.setup();
    await renderScreen(<DataImport importDurationMs={0} />);
    await user.upload(await screen.findByLabelText('Choose a CSV file'), csvFile(GOOD_AND_BAD));
    await user.selectOptions(await screen.findByLabelText('Name'), 'Do not import');
    expect(screen.getByText('Map a column to creator_name to import')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Import/ })).toBeDisabled();
  });

  it('removing the file resets', async () => {
    const user = userEvent.setup();
    await renderScreen(<DataImport importDurationMs={0} />);
    await user.upload(await screen.findByLabelText('Choose a CSV file'), csvFile(GOOD_AND_BAD));
    await user.click(await screen.findByRole('button', { name: 'Remove file' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose a CSV file')).toBeInTheDocument();
  });
});
