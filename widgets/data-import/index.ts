export { DataImport, DataImportView, type DataImportProps } from './DataImport';
export { useDataImportController } from './useDataImportController';
