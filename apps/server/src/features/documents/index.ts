/**
 * 거래명세서 (transaction statement) and 캐시 원장 PDFs, drawn with pdfmake on pdfkit (pdf.ts) from plain
 * objects (statement-data.ts): the statement of one order or of a company's period (statement.ts), and
 * the ledger (ledger.ts). Nothing here reads the database or the network.
 */
export * from './statement-data.js';
export { pdfDocumentStream, type Content, type TDocumentDefinitions } from './pdf.js';
export {
  monthlyStatementStream,
  orderStatementStream,
  renderMonthlyStatement,
  renderOrderStatement,
  warmUpStatements,
} from './statement.js';
export { ledgerPdfStream, type LedgerPdfInput, type LedgerPdfRow } from './ledger.js';
export { creditStatementPdfStream, type CreditStatementPdfInput } from './credit-statement.js';
