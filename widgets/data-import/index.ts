export { DataImport, type DataImportProps } from './Placeholder';
