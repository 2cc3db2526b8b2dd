// The renderers of the result views, behind one function: this module (and what it imports) is loaded by a
// dynamic import when a view is first shown, so the page's first load carries none of it.
import { frameDetailOf } from '../../../core/result/frameDetail.ts';
import type { FrameDetail, ResultViews, ViewTab } from '../../../core/result/viewData.ts';
import { nameOfSelector } from '../../inspector/abiStore.ts';
import { h } from '../../shell/dom.ts';
import { renderCallTree } from './renderCallTree.ts';
import { renderCounts } from './renderCounts.ts';
import { renderDiff } from './renderDiff.ts';
import { renderFlameChart } from './renderFlameChart.ts';
import { renderRecordsTable, renderTimeline } from './renderRecords.ts';
import { renderTable } from './renderTable.ts';

/** What a view may ask of the tabs around it. */
export interface ViewContext {
  /** A record to show (and mark) in the table, picked on the timeline. */
  row: number | null;
  /** Switches to the table tab showing `row`. */
  showInTable(row: number): void;
  /** Opens a frame in the frame inspector (a click on a call tree row, a flame bar or a row of calls). */
  selectFrame(frame: FrameDetail): void;
}

/** Renders the view of `tab` into `pane`; returns its disposer. */
export function renderView(pane: HTMLElement, tab: ViewTab, v: ResultViews, cx: ViewContext): () => void {
  switch (tab) {
    case 'call-tree': {
      const frames = v.callTree!.frames;
      return renderCallTree(pane, v.callTree!, {
        nameOf: nameOfSelector,
        select: (id) => cx.selectFrame(frameDetailOf(frames, id)),
      });
    }
    case 'flame': {
      const frames = v.callTree!.frames;
      return renderFlameChart(
        pane,
        v.callTree!,
        (id) => cx.selectFrame(frameDetailOf(frames, id)),
        nameOfSelector,
      );
    }
    case 'calls': {
      const n = v.calls!.rows.length;
      pane.append(
        h('div', {
          class: 'rv-summary',
          attrs: { 'data-testid': 'calls-summary' },
          text: `${n} call${n === 1 ? '' : 's'} (click a column to sort, a row to inspect it)`,
        }),
      );
      const details = v.calls!.details;
      return renderTable(pane, v.calls!, 'calls-table', {
        nameOf: nameOfSelector,
        onRow: details ? (row) => details[row] && cx.selectFrame(details[row]) : undefined,
      }).dispose;
    }
    case 'bars':
      return renderCounts(pane, v.counts!);
    case 'table': {
      const t = renderRecordsTable(pane, v.records!);
      if (cx.row !== null) t.showRow(cx.row);
      return t.dispose;
    }
    case 'timeline':
      return renderTimeline(pane, v.records!, (row) => cx.showInTable(row));
    case 'diff':
      return renderDiff(pane, v.diff!);
  }
}
