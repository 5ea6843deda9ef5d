export * from './accept';
export * from './value';
export * from './uploader';
export * from './urls';
