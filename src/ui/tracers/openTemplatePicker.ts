import { h } from '../shell/dom.ts';
import type { TemplateInfo } from './loadTemplates.ts';

/** Shows a dialog listing the templates; resolves with the chosen one, or null when closed. */
export function openTemplatePicker(templates: TemplateInfo[]): Promise<TemplateInfo | null> {
  return new Promise((resolve) => {
    const dialog = h('dialog', {
      attrs: { 'aria-label': 'New tracer from a template', 'data-testid': 'template-picker' },
    });
    const finish = (t: TemplateInfo | null) => {
      dialog.close();
      dialog.remove();
      resolve(t);
    };
    const list = h('ul', { class: 'template-list' });
    const blank: TemplateInfo = {
      id: 'blank',
      name: 'Blank tracer',
      description: 'The minimal tracer: result and fault.',
      methods: [],
      clients: [],
      source: '{\n  result: function (ctx, db) {\n    return {};\n  },\n  fault: function (log, db) {}\n}\n',
    };
    for (const t of [blank, ...templates]) {
      list.append(
        h('li', {}, [
          h('button', { attrs: { 'data-template': t.id }, on: { click: () => finish(t) } }, [
            h('div', { text: t.name, attrs: { style: 'font-weight:600' } }),
            h('div', { class: 'desc', text: t.description }),
            t.clients.length
              ? h('div', {
                  class: 'desc',
                  text: `Runs on: ${t.clients.join(', ')} · ${t.methods.join(', ')}`,
                })
              : null,
          ]),
        ]),
      );
    }
    if (templates.length === 0)
      list.append(h('li', { class: 'empty', text: 'No template files found in tracer-templates/.' }));
    dialog.append(
      h('div', { class: 'row' }, [
        h('strong', { text: 'New tracer from a template' }),
        h('span', { class: 'spacer' }),
        h('button', { text: 'Close', on: { click: () => finish(null) } }),
      ]),
      list,
    );
    dialog.addEventListener('cancel', () => finish(null));
    document.body.append(dialog);
    dialog.showModal();
  });
}
