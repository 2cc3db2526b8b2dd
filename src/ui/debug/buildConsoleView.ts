import type { ConsoleLine, HookName } from '../../evm/host/traceDebug.ts';
import { hookNames } from '../../evm/host/traceDebug.ts';
import { h } from '../shell/dom.ts';
import { createVirtualList, type VirtualList } from './createVirtualList.ts';
import { consoleLinePlace, type ConsoleFilter } from './filterConsoleLines.ts';

/** The Console panel's elements. */
export interface ConsoleView {
  children: HTMLElement[];
  runButton: HTMLButtonElement;
  recordBox: HTMLInputElement;
  status: HTMLElement;
  count: HTMLElement;
  list: VirtualList;
  cost: HTMLElement;
  /** Sets the lines the list shows (`shown`: indexes into `lines`). */
  show(lines: readonly ConsoleLine[], shown: readonly number[]): void;
}

/** Builds the Console panel: run button, filters, the lines (virtualized) and the cost section. */
export function buildConsoleView(
  onFilter: (patch: Partial<ConsoleFilter>) => void,
  onPick: (line: ConsoleLine) => void,
): ConsoleView {
  let lines: readonly ConsoleLine[] = [];
  let shown: readonly number[] = [];
  const runButton = h('button', {
    class: 'primary',
    text: '▶ Debug run',
    title:
      "Run the Request panel's request on the embedded node with a console, a profile and (when ticked) a recording of every step",
    attrs: { 'data-testid': 'debug-run' },
  });
  const recordBox = h('input', { type: 'checkbox', attrs: { 'data-testid': 'debug-record' } });
  recordBox.checked = true;
  const status = h('span', { class: 'muted', attrs: { 'data-testid': 'debug-status' } });
  const text = h('input', {
    placeholder: 'Filter lines',
    attrs: { 'data-testid': 'console-filter', 'aria-label': 'Filter console lines' },
  });
  text.addEventListener('input', () => onFilter({ text: text.value }));
  const level = select('console-level', ['all', 'log', 'error'], (v) =>
    onFilter({ level: v as ConsoleFilter['level'] }),
  );
  const hook = select('console-hook', ['all', ...hookNames], (v) =>
    onFilter({ hook: v as 'all' | HookName }),
  );
  const count = h('p', { class: 'muted small', attrs: { 'data-testid': 'console-count' } });
  const list = createVirtualList({
    rowHeight: 22,
    testId: 'console-lines',
    render(i, row) {
      const line = lines[shown[i]];
      row.className = `vlist-row console-line${line.level === 'error' ? ' console-error' : ''}`;
      row.dataset.step = line.step === undefined ? '' : String(line.step);
      row.replaceChildren(
        h('span', { class: 'console-place', text: consoleLinePlace(line) }),
        h('span', { class: 'console-hook', text: line.hook }),
        h('span', { class: 'console-level', text: line.level }),
        h('span', { class: 'console-text', text: line.text }),
      );
    },
    onClick: (i) => onPick(lines[shown[i]]),
  });
  const cost = h('section', { class: 'debug-cost-section', attrs: { 'data-testid': 'debug-cost-section' } });
  const children = [
    h('div', { class: 'row' }, [
      runButton,
      h('label', { class: 'small' }, [recordBox, ' record steps']),
      status,
    ]),
    h('div', { class: 'row debug-filters' }, [text, level, hook]),
    count,
    list.el,
    h('h3', { text: 'Cost' }),
    cost,
  ];
  return {
    children,
    runButton,
    recordBox,
    status,
    count,
    list,
    cost,
    show(l, s) {
      lines = l;
      shown = s;
      list.setCount(s.length);
    },
  };
}

function select(testId: string, values: readonly string[], onChange: (v: string) => void): HTMLSelectElement {
  const what = testId.replace('console-', '');
  const el = h(
    'select',
    { attrs: { 'data-testid': testId, 'aria-label': `console ${what}` } },
    values.map((v) => h('option', { text: v === 'all' ? `any ${what}` : v, value: v })),
  );
  el.addEventListener('change', () => onChange(el.value));
  return el;
}
