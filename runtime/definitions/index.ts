/**
 * Every headless definition, registered: widgets, nodes and actions register themselves into
 * runtime/core/registry on import. Whoever validates or compiles schemas (the server, scripts,
 * bench, the React barrels) imports this once; runtime/core itself never imports the layers above
 * it, so the registry is filled from outside (docs/architecture.md, "Layers").
 */
import '../widgets/definitions';
import '../nodes/definitions';
import '../actions';
