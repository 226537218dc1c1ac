// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type DataImportProps = {};
export function DataImport(_props: DataImportProps) {
  return (
    <Screen name="Import Data">
      <h1>Import Data</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
