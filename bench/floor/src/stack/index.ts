// The floor of the console's stack: the list page of ../list.tsx built the way the console must be
// (a Module Federation host with its shared singletons, an async boundary, styled-components, i18next
// in two languages, jotai), and nothing of the console's own (no shell, contract, kit or remote).
// bench/lighthouse.mjs measures it beside the plain floor: what the stack alone costs a page.
import('./bootstrap');
