import '@testing-library/jest-dom';
// fetch, Request, Response, TextEncoder… for jsdom tests (ky, react-router data routers).
import './shared/shell/src/testing/installWebGlobals';
// i18next initialised, English by default in every test.
import './shared/shell/src/testing/i18nForTests';
// Pages load lazily (as in the browser): give findBy* room on a busy CI machine.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 5000 });
