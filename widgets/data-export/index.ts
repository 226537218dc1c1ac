export { DataExport, type DataExportProps } from './Placeholder';
