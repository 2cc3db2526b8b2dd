import { compactHex, formatCount, shortHex, toBigInt } from '../../../core/result/quantities.ts';
import type { DiffData, DiffRow } from '../../../core/result/viewData.ts';
import { h } from '../../shell/dom.ts';

// Rows built at first; the rest on request (a diff of a whole block can have tens of thousands).
const page = 500;

const changeText: Record<DiffRow['change'], string> = {
  changed: 'changed',
  added: 'added',
  removed: 'cleared',
  created: 'new account',
  deleted: 'deleted account',
};

/** A storage slot: small numbers as they are (`0x2`), hashed slots shortened (`0x57ac84e8…8457cdfe`). */
function slotName(slot: string): string {
  const n = toBigInt(slot);
  return n !== null && n < 1n << 64n ? `0x${n.toString(16)}` : shortHex(slot, 10, 8);
}

/** The pre/post diff: per account, each changed field with its value before and after (and a balance's change). */
export function renderDiff(el: HTMLElement, diff: DiffData): () => void {
  const byAddress = new Map<string, DiffRow[]>();
  for (const r of diff.rows) {
    const list = byAddress.get(r.address);
    if (list) list.push(r);
    else byAddress.set(r.address, [r]);
  }
  const summary = h('div', {
    class: 'rv-summary',
    attrs: { 'data-testid': 'diff-summary' },
    text:
      `${formatCount(diff.rows.length)} change${diff.rows.length === 1 ? '' : 's'} in ${formatCount(byAddress.size)} account${byAddress.size === 1 ? '' : 's'}` +
      (diff.unchanged
        ? ` · ${formatCount(diff.unchanged)} field${diff.unchanged === 1 ? '' : 's'} read but unchanged`
        : '') +
      (diff.format === 'before-after' ? ' · storage before/after' : ' · prestate diff mode'),
  });
  const table = h('table', { class: 'rv-diff', attrs: { 'data-testid': 'diff-table' } }, [
    h('thead', {}, [
      h('tr', {}, [
        h('th', { text: 'field' }),
        h('th', { text: 'before' }),
        h('th', { text: '' }),
        h('th', { text: 'after' }),
        h('th', { text: 'change' }),
      ]),
    ]),
  ]);
  const groups = [...byAddress];
  let built = 0;
  let rowsBuilt = 0;
  const more = h('button', { attrs: { 'data-testid': 'diff-more' } });
  const buildMore = () => {
    const stopAt = rowsBuilt + page;
    while (built < groups.length && rowsBuilt < stopAt) {
      const [address, rows] = groups[built++];
      const kind =
        rows[0].change === 'created' || rows[0].change === 'deleted' ? changeText[rows[0].change] : '';
      const body = h('tbody', { attrs: { 'data-testid': 'diff-account', 'data-address': address } }, [
        h('tr', { class: 'rv-diff-account' }, [
          h('th', { attrs: { colspan: '5', scope: 'rowgroup' } }, [
            h('span', { class: 'ct-addr', text: address }),
            kind ? h('span', { class: `rv-badge ${rows[0].change}`, text: kind }) : null,
          ]),
        ]),
      ]);
      for (const r of rows) {
        rowsBuilt++;
        const field = r.field.startsWith('storage ') ? `slot ${slotName(r.field.slice(8))}` : r.field;
        body.append(
          h('tr', { class: `rv-diff-row ${r.change}`, attrs: { 'data-testid': 'diff-row' } }, [
            h('td', { text: field, title: r.field }),
            h('td', { class: 'pre', text: r.pre === null ? '—' : compactHex(r.pre), title: r.pre ?? '' }),
            h('td', { class: 'arrow', text: '→' }),
            h('td', { class: 'post', text: r.post === null ? '—' : compactHex(r.post), title: r.post ?? '' }),
            h('td', { class: 'change', text: r.delta ?? changeText[r.change] }),
          ]),
        );
      }
      table.append(body);
    }
    more.hidden = built >= groups.length;
    more.textContent = `Show more (${formatCount(diff.rows.length - rowsBuilt)} changes left)`;
  };
  more.addEventListener('click', buildMore);
  buildMore();
  const wrap = h('div', { class: 'rv-table-wrap' }, [table]);
  el.append(summary, wrap, more);
  return () => {
    summary.remove();
    wrap.remove();
    more.remove();
  };
}
