import { h } from '../shell/dom.ts';
import { createVirtualList, type VirtualList } from './createVirtualList.ts';
import { stepColumns } from './renderStepRow.ts';
import type { BreakpointFields } from './parseBreakpoint.ts';
import type { StepFilter } from '../../worker/recording/buildStepRows.ts';

/** The Inspector panel's elements. */
export interface InspectorView {
  children: HTMLElement[];
  status: HTMLElement;
  bound: HTMLElement;
  buttons: Record<'run' | 'continue' | 'nextCall' | 'stepOver' | 'toEnd', HTMLButtonElement>;
  bpFields: Record<keyof BreakpointFields, HTMLInputElement>;
  bpAdd: HTMLButtonElement;
  bpList: HTMLElement;
  bpNote: HTMLElement;
  filters: Record<keyof StepFilter, HTMLInputElement>;
  list: VirtualList;
  detail: HTMLElement;
  result: HTMLElement;
  resultBox: HTMLDetailsElement;
}

const button = (text: string, testId: string, title: string) =>
  h('button', { text, title, attrs: { 'data-testid': testId } });

const input = (placeholder: string, testId: string, cls = '') =>
  h('input', { placeholder, class: cls, attrs: { 'data-testid': testId, 'aria-label': placeholder } });

function buildButtons(): InspectorView['buttons'] {
  return {
    run: button(
      '▶ Debug run',
      'inspector-run',
      "Run the Request panel's request on the embedded node, recording every step, with these breakpoints",
    ),
    continue: button('Continue', 'bp-continue', 'Go on to the next breakpoint hit in the recording'),
    nextCall: button(
      'Next hook call',
      'bp-next-call',
      'Go on to the next hook call (step, enter, exit, fault)',
    ),
    stepOver: button('Next step', 'bp-next-step', 'Go on to the next recorded step'),
    toEnd: button('Run to end', 'bp-to-end', 'Go on past every hit: the end of the run and its result'),
  };
}

function buildBreakpointFields(): InspectorView['bpFields'] {
  return {
    op: input('op', 'bp-op'),
    pc: input('pc', 'bp-pc'),
    depth: input('depth', 'bp-depth'),
    address: input('address', 'bp-address'),
    expression: input('expression over log', 'bp-expression', 'expr'),
  };
}

function buildFilters(): InspectorView['filters'] {
  return {
    op: input('op', 'filter-op'),
    depth: input('depth', 'filter-depth'),
    contract: input('contract', 'filter-contract'),
    pc: input('pc', 'filter-pc'),
  };
}

/** The heading of the step list's columns. */
function buildStepHead(): HTMLElement {
  return h(
    'div',
    { class: 'step-head' },
    stepColumns.map((c) =>
      h('span', {
        class: `step-cell ${c === 'op' ? 'op' : c === 'contract' ? 'addr' : c === 'stack top' ? 'stack' : 'num'}`,
        text: c,
      }),
    ),
  );
}

/** The panel's elements in page order. */
function layout(v: Omit<InspectorView, 'children'>): HTMLElement[] {
  const { buttons } = v;
  return [
    h('div', { class: 'row' }, [
      buttons.run,
      buttons.continue,
      buttons.nextCall,
      buttons.stepOver,
      buttons.toEnd,
    ]),
    v.status,
    v.bound,
    h('details', { attrs: { open: '' } }, [
      h('summary', { text: 'Breakpoints' }),
      h('div', { class: 'row debug-bp-form' }, [...Object.values(v.bpFields), v.bpAdd]),
      v.bpNote,
      v.bpList,
    ]),
    h('div', { class: 'row debug-filters' }, [
      h('span', { class: 'muted small', text: 'Filter:' }),
      ...Object.values(v.filters),
    ]),
    buildStepHead(),
    v.list.el,
    v.detail,
    v.resultBox,
  ];
}

/** Builds the Inspector panel's elements; `render` fills a list row (see renderStepRow), `afterDraw` follows a draw. */
export function buildInspectorView(
  render: (index: number, row: HTMLElement) => void,
  onClick: (index: number) => void,
  afterDraw?: () => void,
): InspectorView {
  const result = h('pre', { class: 'step-detail', attrs: { 'data-testid': 'debug-result' } });
  const v = {
    status: h('p', { attrs: { 'data-testid': 'inspector-status' } }),
    bound: h('p', { class: 'debug-warning', attrs: { 'data-testid': 'inspector-bound' } }),
    buttons: buildButtons(),
    bpFields: buildBreakpointFields(),
    bpAdd: button(
      'Add breakpoint',
      'bp-add',
      'Stop where a step matches every field given (at the next Debug run)',
    ),
    bpList: h('ul', { class: 'breakpoint-list', attrs: { 'data-testid': 'bp-list' } }),
    bpNote: h('p', { class: 'muted small', attrs: { 'data-testid': 'bp-note' } }),
    filters: buildFilters(),
    list: createVirtualList({ rowHeight: 22, testId: 'step-list', render, onClick, afterDraw }),
    detail: h('div', { attrs: { 'data-testid': 'inspector-detail' } }),
    result,
    resultBox: h('details', { attrs: { 'data-testid': 'debug-result-box' } }, [
      h('summary', { text: 'Result of the run' }),
      result,
    ]),
  };
  return { children: layout(v), ...v };
}
