export * from './ShellOverlays';
