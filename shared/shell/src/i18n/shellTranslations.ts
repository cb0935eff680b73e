/** Strings of the shell's own pieces (modals, toasts, form notices, language switch). */
const en = {
  language: {
    label: 'Language',
    en: 'English',
    ja: '日本語',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const ja: Shape<typeof en> = {
  language: {
    label: '言語',
    en: 'English',
    ja: '日本語',
  },
};

export const shellTranslations = { en, ja };
