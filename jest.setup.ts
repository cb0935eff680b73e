import '@testing-library/jest-dom';
// fetch, Request, Response, TextEncoder… for jsdom tests (ky, react-router data routers).
import './shared/shell/src/testing/installWebGlobals';
// i18next initialised, English by default in every test.
import './shared/shell/src/testing/i18nForTests';
// Pages load lazily (as in the browser): give findBy* room on a busy CI machine.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 5000 });
// Links between areas are composed from the host's table (linkTo): the one every remote's areas.ts makes.
import { setAreaLinks } from './shared/shell/src/testing/areaLinks';
import battle from './remotes/battle/src/areas';
import points from './remotes/points/src/areas';
import present from './remotes/present/src/areas';
import system from './remotes/system/src/areas';
import userPolicy from './remotes/user-policy/src/areas';
setAreaLinks([battle, points, present, system, userPolicy]);
