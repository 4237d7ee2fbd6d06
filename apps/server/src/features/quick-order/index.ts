/** Quick order from an estimate (docs/requirements.md#quick-order): the file readers; the text rules live in the contract. */
export {
  checkXlsxPackage,
  decodeCsv,
  QUICK_ORDER_FILE_MAX_BYTES,
  QUICK_ORDER_FILE_MSG,
  QUICK_ORDER_UPLOADS,
  QUICK_ORDER_XLSX_MAX_COLUMNS,
  QUICK_ORDER_XLSX_MAX_ROW_NUMBER,
  QUICK_ORDER_XLSX_MAX_ROWS,
  QUICK_ORDER_XLSX_MAX_UNPACKED,
  readQuickOrderFile,
  sheetReach,
  valuesOnlyWorkbook,
} from './files.js';
export { quickOrderRoutes } from './routes.js';
