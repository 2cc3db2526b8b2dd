/** Attributes and handlers for {@link h}. Text goes through `textContent`; there is no innerHTML path. */
export interface Props {
  class?: string;
  text?: string;
  title?: string;
  type?: string;
  value?: string;
  placeholder?: string;
  attrs?: Record<string, string>;
  on?: Partial<Record<keyof HTMLElementEventMap, (e: Event) => void>>;
}

/** Creates an element with text content, attributes, listeners and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  children: (Node | string | null | false | undefined)[] = [],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.text !== undefined) el.textContent = props.text;
  if (props.title) el.title = props.title;
  if (props.type) el.setAttribute('type', props.type);
  if (props.value !== undefined) (el as HTMLInputElement).value = props.value;
  if (props.placeholder) el.setAttribute('placeholder', props.placeholder);
  for (const [k, v] of Object.entries(props.attrs ?? {})) el.setAttribute(k, v);
  for (const [k, fn] of Object.entries(props.on ?? {})) if (fn) el.addEventListener(k, fn);
  for (const c of children) if (c !== null && c !== false && c !== undefined) el.append(c);
  return el;
}

/** Removes all children of `el`. */
export function clear(el: Element): void {
  el.replaceChildren();
}

/** The lifecycle every panel shares: mounted once, updated on each state change, disposed at the end. */
export interface Panel<S> {
  update(state: S, previous: S | null): void;
  dispose(): void;
}

/** Copies `text` to the clipboard; resolves to a short status message. */
export async function copyText(text: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return 'Copied';
  } catch (e) {
    return `Copy failed: ${(e as Error).message}`;
  }
}

/** Offers `text` as a file download. */
export function downloadText(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { attrs: { href: url, download: name } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
