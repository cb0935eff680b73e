// What the console's first paint takes from the kit: the theme, its strings, the page frame and the
// placeholders. The host's start and the shell's boot entry import it by path (`@phoenix/ui/src/boot`): the
// same modules as the kit's barrel, so one instance, and the rest of the kit (tables, fields, modals,
// markdown-to-jsx) loads after the paint, with the shell's whole module (docs/performance.md).
export * from './theme';
export * from './focus';
export * from './layout';
export * from './states';
export * from './i18n';
