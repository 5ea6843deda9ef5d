// Shared test setup. DOM stubs live in tests/dom-setup.ts, loaded by files that render React.
export {};
