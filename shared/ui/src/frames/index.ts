export * from './ListFrame';
export * from './FormFrame';
export * from './options';
