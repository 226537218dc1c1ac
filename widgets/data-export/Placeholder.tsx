// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type DataExportProps = {};
export function DataExport(_props: DataExportProps) {
  return (
    <Screen name="Export Data">
      <h1>Export Data</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
