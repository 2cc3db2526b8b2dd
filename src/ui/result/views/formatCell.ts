import { compactHex, formatCount, formatWei } from '../../../core/result/quantities.ts';
import type { Cell, TableColumn } from '../../../core/result/viewData.ts';

/** A table cell as the text shown (the raw value stays for sorting and the cell's title); long hex shortened. */
export function formatCell(cell: Cell, column: TableColumn): string {
  if (cell === null) return '';
  switch (column.format) {
    case 'eth':
      return formatWei(cell) ?? String(cell);
    case 'count':
      return typeof cell === 'number' ? formatCount(cell) : String(cell);
    case 'trace':
      return cell === '' ? '(top)' : String(cell);
    default:
      return typeof cell === 'string' ? compactHex(cell) : String(cell);
  }
}
