import './frameInspector.css';
import { describeFrame, hexLines, type FrameFacts } from '../../core/abi/describeFrame.ts';
import type { Decoded, DecodedArg } from '../../core/abi/decodeAbiData.ts';
import type { FrameDetail } from '../../core/result/viewData.ts';
import { clear, copyText, h } from '../shell/dom.ts';
import { abiBook, abiError, onAbiChange, savedAbiText, saveAbiText } from './abiStore.ts';

/** The frame inspector under the result views. */
export interface FrameInspector {
  /** Shows a frame (null: nothing selected, the inspector folds away). */
  show(frame: FrameDetail | null): void;
  dispose(): void;
}

/** A block of hex in 32-byte lines with a Copy button (the copy is the hex as one string). */
function hexBlock(label: string, hex: string, selector: boolean, testid: string): HTMLElement {
  const status = h('span', { class: 'hint' });
  const copy = h('button', {
    text: 'Copy',
    title: `Copy the ${label.toLowerCase()} as hex`,
    on: { click: () => void copyText(hex).then((m) => (status.textContent = m)) },
  });
  const bytes = hex.length > 2 ? `${(hex.length - 2) / 2} bytes` : 'empty';
  return h('div', { class: 'fi-section' }, [
    h('div', { class: 'fi-head' }, [
      h('span', { class: 'fi-label', text: `${label} (${bytes})` }),
      copy,
      status,
    ]),
    h('pre', { class: 'fi-hex', text: hexLines(hex, selector).join('\n'), attrs: { 'data-testid': testid } }),
  ]);
}

function argList(args: DecodedArg[], testid: string): HTMLElement {
  return h(
    'ul',
    { class: 'fi-args', attrs: { 'data-testid': testid } },
    args.map((a) =>
      h('li', {}, [
        h('span', { class: 'fi-arg-name', text: a.name }),
        h('span', { class: 'fi-arg-type', text: ` ${a.type} ` }),
        h('span', { class: 'fi-arg-value', text: a.value }),
      ]),
    ),
  );
}

function decodedBlock(label: string, d: Decoded, testid: string): HTMLElement {
  return h('div', { class: 'fi-section' }, [
    h('div', { class: 'fi-head' }, [
      h('span', { class: 'fi-label', text: label }),
      h('code', { class: 'fi-sig', text: d.signature, attrs: { 'data-testid': testid } }),
    ]),
    argList(d.args, `${testid}-args`),
  ]);
}

function logsBlock(facts: FrameFacts): HTMLElement | null {
  if (!facts.logs.length) return null;
  return h('div', { class: 'fi-section', attrs: { 'data-testid': 'fi-logs' } }, [
    h('div', { class: 'fi-label', text: `Logs (${facts.logs.length})` }),
    ...facts.logs.map((l, i) =>
      h('div', { class: 'fi-log', attrs: { 'data-testid': 'fi-log' } }, [
        h('div', {}, [
          h('span', { class: 'fi-label', text: `#${i} ` }),
          h('code', {
            class: 'fi-sig',
            text: l.decoded?.signature ?? l.topics[0] ?? '(anonymous)',
            attrs: { 'data-testid': 'fi-log-event' },
          }),
        ]),
        h('div', { class: 'fi-kv' }, [
          h('span', { class: 'fi-label', text: 'address ' }),
          h('code', { text: l.address }),
        ]),
        l.decoded ? argList(l.decoded.args, 'fi-log-args') : null,
        h('pre', {
          class: 'fi-hex',
          text: [
            ...l.topics.map((t, k) => `topic${k} ${t}`),
            ...hexLines(l.data, false).map((d, k) => (k ? `     ${d}` : `data ${d}`)),
          ].join('\n'),
        }),
      ]),
    ),
  ]);
}

/** The fields, decoded call, hex, revert and logs of one frame. */
function renderFacts(facts: FrameFacts): HTMLElement[] {
  const fields = h(
    'dl',
    { class: 'fi-fields' },
    facts.fields.flatMap((f) => [
      h('dt', { text: f.label }),
      h('dd', { text: f.value, attrs: { 'data-testid': f.testid } }),
    ]),
  );
  return [
    fields,
    facts.call ? decodedBlock('Call', facts.call, 'fi-call') : null,
    facts.revert ? decodedBlock('Revert data', facts.revert, 'fi-revert') : null,
    hexBlock('Input', facts.input || '0x', !!facts.call || /^0x[0-9a-fA-F]{8}/.test(facts.input), 'fi-input'),
    hexBlock('Output', facts.output || '0x', false, 'fi-output'),
    facts.outputArgs
      ? h('div', { class: 'fi-section' }, [
          h('div', { class: 'fi-label', text: 'Returned' }),
          argList(facts.outputArgs, 'fi-output-args'),
        ])
      : null,
    logsBlock(facts),
  ].filter((x): x is HTMLElement => x !== null);
}

/** The box where the user pastes an ABI to name more selectors, events and errors. */
function abiBox(): HTMLElement {
  const text = h('textarea', {
    class: 'fi-abi-text',
    value: savedAbiText(),
    placeholder:
      'Paste an ABI: solc JSON, a Hardhat/Foundry artifact, or lines like\nfunction deposit(uint256 assets, address receiver) returns (uint256)',
    attrs: { rows: '4', spellcheck: 'false', 'data-testid': 'fi-abi-text', 'aria-label': 'ABI for decoding' },
  });
  const status = h('span', { class: 'hint', attrs: { 'data-testid': 'fi-abi-status', role: 'status' } });
  const say = () => {
    const err = abiError();
    const n = abiBook().userItems;
    status.textContent = err
      ? `Not read: ${err}`
      : n
        ? `${n} declaration${n === 1 ? '' : 's'} from your ABI`
        : 'Only the built-in table';
    status.classList.toggle('sev-error', !!err);
  };
  say();
  const save = h('button', {
    text: 'Use this ABI',
    attrs: { 'data-testid': 'fi-abi-save' },
    on: { click: () => (saveAbiText(text.value), say()) },
  });
  return h('details', { class: 'fi-abi' }, [
    h('summary', { text: 'Decode with your ABI' }),
    text,
    h('div', { class: 'row' }, [save, status]),
  ]);
}

/**
 * Mounts the frame inspector into `el` (folded until a frame is selected): the frame's full addresses, type,
 * value in wei and ether, gas, input and output as copyable hex, logs, error and revert reason, with names and
 * values decoded from the built-in table and the user's ABI.
 */
export function mountFrameInspector(el: HTMLElement): FrameInspector {
  const title = h('strong', { class: 'fi-title', attrs: { 'data-testid': 'fi-title' } });
  const close = h('button', {
    text: '×',
    title: 'Close the frame inspector',
    attrs: { 'aria-label': 'Close the frame inspector' },
  });
  const body = h('div', { class: 'fi-body' });
  const box = h(
    'section',
    { class: 'fi', attrs: { 'data-testid': 'frame-inspector', 'aria-label': 'Frame inspector' } },
    [
      h('div', { class: 'fi-top' }, [h('span', { class: 'fi-label', text: 'Frame ' }), title, close]),
      body,
      abiBox(),
    ],
  );
  box.hidden = true;
  el.append(box);
  let current: FrameDetail | null = null;
  const render = () => {
    box.hidden = !current;
    clear(body);
    if (!current) return;
    const facts = describeFrame(current, abiBook());
    title.textContent = facts.title;
    title.title = facts.title;
    body.append(...renderFacts(facts));
  };
  close.addEventListener('click', () => {
    current = null;
    render();
  });
  const off = onAbiChange(render);
  return {
    show(frame) {
      current = frame;
      render();
    },
    dispose() {
      off();
      box.remove();
    },
  };
}
