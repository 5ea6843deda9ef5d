/**
 * Every widget definition (headless). Importing this populates the registry; the Ajv factory and the
 * server import it. One line per folder: a test fails if a folder is missing here.
 */
import './date/definition';
import './input/definition';
import './number/definition';
import './select/definition';
import './switch/definition';
import './textarea/definition';
