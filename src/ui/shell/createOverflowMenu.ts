import { h } from './dom.ts';

/** How a row hands what does not fit to its "More" menu. */
export interface OverflowOptions {
  /** The More button's text and its accessible name. */
  label: string;
  /** data-testid of the More button (its popup gets `${testId}-popup`). */
  testId: string;
  /** The popup's role: `tablist` when the items are tabs (they stay tabs in it), else `group`. */
  popupRole: 'tablist' | 'group';
  /** Which items go first when space runs out (default: from the end); items not listed never go. */
  hideOrder?: readonly HTMLElement[];
  /** The More button's text for this many items in the popup (default: the label and ▾). */
  moreText?(hidden: number): string;
  /** Items that must stay in the row whatever else goes (the selected tab). */
  keep?(item: HTMLElement): boolean;
}

/** A row whose items move into a More popup when the row is too narrow for them, and back when it widens. */
export interface OverflowRow {
  /** Puts every item that fits back into the row and the rest into the popup (after a change of content). */
  fit(): void;
  more: HTMLButtonElement;
  popup: HTMLElement;
  dispose(): void;
}

/** The More button and its popup (appended to the body, hidden). */
function buildMoreAndPopup(options: OverflowOptions): { more: HTMLButtonElement; popup: HTMLElement } {
  const more = h('button', {
    class: 'overflow-more',
    text: `${options.label} ▾`,
    title: `${options.label}: what does not fit here`,
    attrs: {
      'aria-haspopup': 'true',
      'aria-expanded': 'false',
      'data-testid': options.testId,
    },
  });
  const popup = h('div', {
    class: 'overflow-popup',
    attrs: { role: options.popupRole, 'aria-label': options.label, 'data-testid': `${options.testId}-popup` },
  });
  if (options.popupRole === 'tablist') popup.setAttribute('aria-orientation', 'vertical');
  popup.hidden = true;
  document.body.append(popup);
  return { more, popup };
}

/**
 * Opens and closes `popup` from `more`: a click on More, a button chosen inside, a pointer down elsewhere or Escape.
 * Returns `close` and what removes the document's listeners.
 */
function wirePopup(more: HTMLElement, popup: HTMLElement): { close: () => void; unwire: () => void } {
  const close = () => {
    popup.hidden = true;
    more.setAttribute('aria-expanded', 'false');
  };
  const open = () => {
    const r = more.getBoundingClientRect();
    popup.style.top = `${Math.round(r.bottom + 2)}px`;
    popup.style.right = `${Math.max(4, Math.round(document.documentElement.clientWidth - r.right))}px`;
    popup.hidden = false;
    more.setAttribute('aria-expanded', 'true');
    (popup.querySelector('button, select') as HTMLElement | null)?.focus();
  };
  more.addEventListener('click', () => (popup.hidden ? open() : close()));
  // A button chosen in the popup has done its work; a select stays open for its own dropdown.
  popup.addEventListener('click', (e) => {
    if ((e.target as HTMLElement).closest('button')) close();
  });
  const onPointerDown = (e: PointerEvent) => {
    const t = e.target as Node;
    if (!popup.hidden && !popup.contains(t) && !more.contains(t)) close();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !popup.hidden) {
      close();
      more.focus();
    }
  };
  document.addEventListener('pointerdown', onPointerDown);
  document.addEventListener('keydown', onKey);
  const unwire = () => {
    document.removeEventListener('pointerdown', onPointerDown);
    document.removeEventListener('keydown', onKey);
  };
  return { close, unwire };
}

/** Puts `items` back in `row`, then moves into `popup`, by `options.hideOrder`, those that do not fit. */
function fitRow(
  row: HTMLElement,
  items: readonly HTMLElement[],
  more: HTMLElement,
  popup: HTMLElement,
  options: OverflowOptions,
  close: () => void,
): void {
  const overflows = () => row.scrollWidth > row.clientWidth + 1;
  // What the popup still holds and is no longer an item (a re-rendered row) goes.
  for (const child of [...popup.children]) if (!items.includes(child as HTMLElement)) child.remove();
  for (const item of items) row.insertBefore(item, more);
  more.hidden = true;
  if (!overflows()) return close();
  more.hidden = false;
  for (const item of options.hideOrder ?? [...items].reverse()) {
    if (!overflows()) break;
    if (options.keep?.(item)) continue;
    popup.append(item);
  }
  // The popup keeps the row's order.
  for (const item of items) if (item.parentElement === popup) popup.append(item);
  const hidden = popup.childElementCount;
  more.textContent = options.moreText?.(hidden) ?? `${options.label} ▾`;
  if (!hidden) more.hidden = true;
}

/**
 * Makes `row` (a flex row of `items`, one line, its width set by its container) fit: a More button at its end opens
 * a popup holding the items that do not fit, moved there as they are (same elements, handlers and test ids) and in
 * the same order. The row is fitted again when it is resized and whenever `fit` is called. `items` may be a function
 * when the row's items change (they are then put before the More button by `fit`).
 */
export function createOverflowRow(
  row: HTMLElement,
  itemList: readonly HTMLElement[] | (() => readonly HTMLElement[]),
  options: OverflowOptions,
): OverflowRow {
  const itemsNow = typeof itemList === 'function' ? itemList : () => itemList;
  const { more, popup } = buildMoreAndPopup(options);
  row.append(more);
  const { close, unwire } = wirePopup(more, popup);
  const fit = () => fitRow(row, itemsNow(), more, popup, options, close);

  const observer = new ResizeObserver(() => fit());
  observer.observe(row);
  fit();
  return {
    fit,
    more,
    popup,
    dispose() {
      observer.disconnect();
      unwire();
      popup.remove();
      more.remove();
    },
  };
}
