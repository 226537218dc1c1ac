export * from './types';
export * from './constants';
export * from './inventory';
export * from './funnels';
export * from './team';
