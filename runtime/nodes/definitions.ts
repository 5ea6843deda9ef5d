/**
 * Every node definition (headless). Importing this populates the registry; the Ajv factory and the
 * server import it. One line per folder under runtime/nodes/.
 */
import './grid/definition';
import './tab/definition';
import './list/definition';
import './form/definition';
import './card/definition';
import './file-library/definition';
import './documents/definition';
import './flows/definition';
import './dashboard/definition';
import './chart/definition';
import './stat/definition';
import './data-table/definition';
import './text-block/definition';
import './frame/definition';
import './messages/definition';
import './tasks/definition';
import './ai-chat/definition';
