/**
 * The catalogs that are not part of the first page's (see `addMessages` in ./index): importing this
 * module adds them. Imported by the server (server/app.ts), the tests (tests/setup.ts) and the lazy
 * entries of the features that show them (the designer, the documents and file-library nodes).
 */
import { addMessages } from './index';
import { ai } from './ai';
import { aiChat } from './ai-chat';
import { aiGenerator } from './ai-generator';
import { aiImage } from './ai-image';
import { aiPay } from './ai-pay';
import { designer } from './designer';
import { designerUi } from './designer-ui';
import { documents } from './documents';
import { resource } from './resource';

addMessages(ai, aiChat, aiGenerator, aiImage, aiPay, designer, designerUi, documents, resource);
