export * from './auth';
export * from './account';
export * from './catalog';
export * from './content';
export * from './sales';
export * from './dealers';
export * from './privacy';
export * from './event-day';
