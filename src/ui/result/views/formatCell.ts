import { compactHex, formatCount, formatWei } from '../../../core/result/quantities.ts';
import type { Cell, TableColumn } from '../../../core/result/viewData.ts';

/** Numeric columns shown without grouping commas. */
const plainNumberKeys = new Set(['pc']);

/** A table cell as the text shown (the raw value stays for sorting and the cell's title); long hex shortened. */
export function formatCell(cell: Cell, column: TableColumn): string {
  if (cell === null) return '';
  switch (column.format) {
    case 'eth':
      return formatWei(cell) ?? String(cell);
    case 'count':
      // A pc is a place in code, read as it is written in disassembly: 1011, never 1,011.
      return typeof cell === 'number' && !plainNumberKeys.has(column.key) ? formatCount(cell) : String(cell);
    case 'trace':
      return cell === '' ? '(top)' : String(cell);
    default:
      return typeof cell === 'string' ? compactHex(cell) : String(cell);
  }
}
