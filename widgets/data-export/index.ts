export { DataExport, DataExportView, type DataExportProps } from './DataExport';
export { useDataExportController } from './useDataExportController';
