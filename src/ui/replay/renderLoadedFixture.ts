import type { FixtureDefaults } from '../../core/fixture/fixtureTypes.ts';
import { h } from '../shell/dom.ts';
import { fieldOf } from './checkFixtureText.ts';
import { summarizeFixture } from './summarizeFixture.ts';

/** A fixture the embedded node is serving. */
export interface LoadedFixture {
  /** Where it came from, e.g. `simple.json` or `captured from Embedded node`. */
  source: string;
  json: Record<string, unknown>;
  defaults: FixtureDefaults;
}

/** What the loaded-fixture card can do. */
export interface LoadedFixtureActions {
  traceTransaction(): void;
  traceCall(): void;
  backToDemo(): void;
}

// Expected results can be large (struct logs); the card shows the start, which is what comparisons need.
const expectedChars = 20_000;

/** The card for a loaded fixture: summary, what the node now serves, one-click traces, the expected result. */
export function renderLoadedFixture(f: LoadedFixture, act: LoadedFixtureActions, busy: boolean): HTMLElement {
  const rows = summarizeFixture(f.json, f.defaults);
  const table = h(
    'table',
    { class: 'history', attrs: { 'data-testid': 'replay-summary' } },
    rows.map((r) =>
      h('tr', {}, [
        h('th', { text: r.label, attrs: { scope: 'row', style: 'white-space:nowrap' } }),
        h('td', {
          text: r.value,
          attrs: { 'data-summary': r.label, style: 'word-break:break-all;font-family:var(--mono)' },
        }),
      ]),
    ),
  );
  const button = (text: string, title: string, testId: string, onClick: () => void, primary = false) =>
    h('button', {
      text,
      title,
      class: primary ? 'primary' : undefined,
      attrs: { 'data-testid': testId, ...(busy ? { disabled: '' } : {}) },
      on: { click: onClick },
    });
  const expected = fieldOf(f.json, 'result');
  const expectedText = expected === undefined ? '' : JSON.stringify(expected, null, 2);
  return h('div', { class: 'card', attrs: { 'data-testid': 'replay-loaded' } }, [
    h('div', { class: 'row' }, [
      h('strong', { text: 'Loaded fixture' }),
      h('span', { class: 'hint', text: f.source }),
    ]),
    table,
    h('p', {
      class: 'hint',
      text:
        'The embedded node now serves this transaction’s state: the fixture’s accounts as the parent block, the ' +
        'transaction mined in the fixture’s block. The request form is set to the embedded node and this ' +
        'transaction; trace it with any tracer as often as you like.',
    }),
    h('div', { class: 'row' }, [
      button(
        'Trace this transaction',
        'debug_traceTransaction on the embedded node with the active tracer',
        'replay-trace-tx',
        act.traceTransaction,
        true,
      ),
      button(
        'Trace as a call',
        'debug_traceCall with the transaction’s call object on the parent block (the same state)',
        'replay-trace-call',
        act.traceCall,
      ),
      button('Back to the demo chain', 'Serve the demo chain again', 'replay-reset', act.backToDemo),
    ]),
    expected === undefined
      ? null
      : h('details', {}, [
          h('summary', { text: 'Expected result (from the fixture)' }),
          h('pre', {
            class: 'code',
            text:
              expectedText.length > expectedChars
                ? `${expectedText.slice(0, expectedChars)}\n… (${expectedText.length} characters in all)`
                : expectedText,
            attrs: { 'data-testid': 'replay-expected' },
          }),
        ]),
  ]);
}
