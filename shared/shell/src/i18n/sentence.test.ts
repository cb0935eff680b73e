import i18next from 'i18next';
import { sentence } from './sentence';

describe('sentence', () => {
  const i18n = i18next.createInstance();
  beforeAll(() =>
    i18n.init({
      lng: 'en',
      interpolation: { escapeValue: false },
      resources: {
        en: { t: { edit: 'Edit {{label}}', ban: 'Ban {{name}} (#{{id}})', twice: '{{x}} and {{x}}', plain: 'Delete' } },
        ja: { t: { ban: '{{name}}（#{{id}}）を凍結' } },
      },
    }),
  );

  it('gives what t() gives, for every value', () => {
    const t = i18n.getFixedT('en', 't');
    const edit = sentence(t, 'edit', 'label');
    for (const label of ['Alice', '', '<b>x</b>', '{{label}}', '$& $1', '100%']) expect(edit(label)).toBe(t('edit', { label }));
    expect(sentence(t, 'twice', 'x')('a')).toBe('a and a');
    expect(sentence(t, 'plain', 'label')('ignored')).toBe('Delete');
  });

  it('places each value where the language puts it', () => {
    expect(sentence(i18n.getFixedT('en', 't'), 'ban', 'name', 'id')('Bob', 7)).toBe('Ban Bob (#7)');
    expect(sentence(i18n.getFixedT('ja', 't'), 'ban', 'name', 'id')('Bob', 7)).toBe('Bob（#7）を凍結');
  });
});
