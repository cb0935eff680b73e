export * from './runner';
export * from './dailyRollup';
