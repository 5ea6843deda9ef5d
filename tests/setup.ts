// Shared test setup. DOM stubs live in tests/dom-setup.ts, loaded by files that render React.
// The catalogs of lazy features (protocol/messages/late.ts), as the server and their pages load them.
import '../protocol/messages/late';
