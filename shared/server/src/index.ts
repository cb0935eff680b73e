// @phoenix/server: the app bootstrap and what every service's features get.
export * from './app';
export * from './context';
export * from './errors';
export * from './features';
export * from './modules';
export * from './ports';
