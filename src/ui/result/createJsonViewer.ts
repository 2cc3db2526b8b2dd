import './jsonViewer.css';
import type { MenuItem, Mode as JseMode } from 'vanilla-jsoneditor';

/** The read-only JSON viewer (vanilla-jsoneditor, loaded on first use) of the result panel. */
export interface JsonViewer {
  set(value: unknown): void;
  destroy(): void;
}

/**
 * Table mode shows arrays only ("Object cannot be opened in table mode" otherwise): its button is offered for an
 * array, and the mode goes back to tree when an object replaces an array shown as a table.
 */
export function modeMenu(items: MenuItem[], isArray: boolean): MenuItem[] {
  if (isArray) return items;
  const out = items.filter((i) => !(i.type === 'button' && i.text === 'table'));
  // The tree button becomes the last of the text/tree group (its rounded right edge).
  return out.map((i) =>
    i.type === 'button' && i.text === 'tree' && !/\bjse-last\b/.test(i.className ?? '')
      ? { ...i, className: `${i.className ?? ''} jse-last` }
      : i,
  );
}

/**
 * Creates the viewer in `target`. Its colours come from the page's CSS variables (jsonViewer.css), so it follows
 * the theme switch without a class of its own.
 */
export async function createJsonViewer(target: HTMLElement): Promise<JsonViewer> {
  const { createJSONEditor, Mode } = await import('vanilla-jsoneditor');
  let isArray = false;
  let mode = Mode.tree;
  const editor = createJSONEditor({
    target,
    props: {
      content: { json: null },
      readOnly: true,
      mode,
      onChangeMode: (m: JseMode) => (mode = m),
      onRenderMenu: (items: MenuItem[]) => modeMenu(items, isArray),
    },
  });
  return {
    set(value) {
      const wasArray = isArray;
      isArray = Array.isArray(value);
      editor.set({ json: value === undefined ? null : value });
      if (wasArray !== isArray)
        editor.updateProps({
          onRenderMenu: (items: MenuItem[]) => modeMenu(items, isArray),
          ...(!isArray && mode === Mode.table ? { mode: (mode = Mode.tree) } : {}),
        });
    },
    destroy() {
      void editor.destroy();
    },
  };
}
