export * from './auth/schemas';
export * from './constants';
export * from './errors';
export * from './plans';
