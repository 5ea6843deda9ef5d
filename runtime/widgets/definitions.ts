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
import './password/definition';
import './readonly/definition';
import './checkbox/definition';
import './checkbox-group/definition';
import './radio-group/definition';
import './radio-button/definition';
import './month/definition';
import './week/definition';
import './timestamp/definition';
import './range/definition';
import './timestamp-range/definition';
import './time/definition';
import './select-filter/definition';
import './select-search/definition';
import './select-multi/definition';
import './select-tag/definition';
import './code-editor/definition';
import './rich-text/definition';
import './rich-editor/definition';
import './image/definition';
import './file/definition';
import './video/definition';
import './audio/definition';
import './avatar/definition';
import './markdown/definition';
import './qr/definition';
import './barcode/definition';
import './link/definition';
import './tree-select/definition';
import './tag/definition';
import './table/definition';
import './icon/definition';
import './button/definition';
import './button-group/definition';
import './multi-button-group/definition';
import './slot/definition';
import './drag-list/definition';
import './change/definition';
