import { csvCell, type EpcPart } from '@partsmall/contract';
import { TE } from './texts';

/** A CSV cell (docs/requirements.md#catalogue-screens): the back office exports' rule, from the contract. */
export { csvCell };

/** The shown parts list as CSV (UTF-8 with BOM, so Korean Excel reads it). */
export function partsCsv(parts: readonly EpcPart[]): string {
  const head = [
    TE.cols.pnum,
    TE.cols.pid,
    TE.cols.label,
    TE.cols.qty,
    TE.cols.model,
    TE.cols.remark,
    TE.csvCols.applied,
    TE.csvCols.price,
    TE.stock,
  ];
  const rows = parts.map((p) => {
    const product = p.products[0];
    return [
      p.pnum,
      p.pid,
      p.label,
      p.quantity,
      p.model,
      p.remark,
      p.colorvalue === 1 ? TE.csvCols.yes : TE.csvCols.no,
      product ? product.price : '',
      product ? product.hasAmount : '',
    ];
  });
  return '\uFEFF' + [head, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function downloadCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
