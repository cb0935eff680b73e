export * from './store';
export * from './config';
export * from './authState';
export * from './queryClient';
export * from './ShellProviders';
export * from './placeholderPages';
export * from './areaLinks';
export * from './AreaLink';
