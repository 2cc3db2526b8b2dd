import { h } from './dom.ts';

/** Shows an in-page modal with `body` and buttons; resolves with the chosen button's value, or `cancel` on Escape. */
function showDialog<T>(
  title: string,
  body: (Node | null)[],
  buttons: { text: string; value: T; primary?: boolean; testId: string }[],
  cancel: T,
  onOpen?: () => void,
): Promise<T> {
  return new Promise((resolve) => {
    const dialog = h('dialog', {
      class: 'in-page-dialog',
      attrs: { 'aria-label': title, 'data-testid': 'dialog' },
    });
    const finish = (v: T) => {
      dialog.close();
      dialog.remove();
      resolve(v);
    };
    const form = h('form', { attrs: { method: 'dialog' } }, [
      h('h2', { text: title }),
      ...body,
      h(
        'div',
        { class: 'row dialog-buttons' },
        buttons.map((b) =>
          h('button', {
            text: b.text,
            type: b.primary ? 'submit' : 'button',
            class: b.primary ? 'primary' : '',
            attrs: { 'data-testid': b.testId },
            on: {
              click: (e) => {
                e.preventDefault();
                finish(b.value);
              },
            },
          }),
        ),
      ),
    ]);
    // Enter in a text field submits: the primary button's value.
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const primary = buttons.find((b) => b.primary);
      if (primary) finish(primary.value);
    });
    dialog.append(form);
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      finish(cancel);
    });
    document.body.append(dialog);
    dialog.showModal();
    onOpen?.();
  });
}

/** Asks for a line of text in an in-page dialog; resolves with it (trimmed), or null when cancelled. */
export async function askText(title: string, label: string, initial: string): Promise<string | null> {
  const input = h('input', { value: initial, attrs: { 'aria-label': label, 'data-testid': 'dialog-input' } });
  const chosen = await showDialog<'ok' | 'cancel'>(
    title,
    [h('label', { text: label }), input],
    [
      { text: 'Cancel', value: 'cancel', testId: 'dialog-cancel' },
      { text: 'OK', value: 'ok', primary: true, testId: 'dialog-ok' },
    ],
    'cancel',
    () => {
      input.focus();
      input.select();
    },
  );
  return chosen === 'ok' ? input.value.trim() : null;
}

/** Asks to confirm a destructive action in an in-page dialog; resolves true when confirmed. */
export function confirmAction(title: string, message: string, confirmText: string): Promise<boolean> {
  return showDialog<boolean>(
    title,
    [h('p', { text: message })],
    [
      { text: 'Cancel', value: false, testId: 'dialog-cancel' },
      { text: confirmText, value: true, primary: true, testId: 'dialog-ok' },
    ],
    false,
  );
}
