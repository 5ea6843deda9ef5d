/** The dashboard designer's headless part (docs/dashboards.md "The designer"). */
export * from './commands';
export * from './editor';
export * from './bindings';
export * from './joins';
