import '@testing-library/jest-dom';
// fetch, Request, Response, TextEncoder… for jsdom tests (ky, react-router data routers).
import './shared/shell/src/testing/installWebGlobals';
// i18next initialised, English by default in every test.
import './shared/shell/src/testing/i18nForTests';
