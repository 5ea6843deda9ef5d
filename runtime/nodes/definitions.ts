/**
 * Every node definition (headless). Importing this populates the registry; the Ajv factory and the
 * server import it. One line per folder under runtime/nodes/.
 */
import './grid/definition';
import './tab/definition';
import './list/definition';
import './form/definition';
import './card/definition';
