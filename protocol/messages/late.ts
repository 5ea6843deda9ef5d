/**
 * The catalogs that are not part of the first page's (see `addMessages` in ./index): importing this
 * module adds them. Imported by the server (server/app.ts), the tests (tests/setup.ts) and the lazy
 * entries of the features that show them (the designer, the documents and file-library nodes).
 */
import { addMessages } from './index';
import { apiSources } from './api-sources';
import { moduleAdmin } from './module-admin';
import { net } from './net';
import { sms } from './sms';
import { sys } from './sys';
import { ai } from './ai';
import { aiChat } from './ai-chat';
import { aiDescribe } from './ai-describe';
import { aiGenerator } from './ai-generator';
import { aiImage } from './ai-image';
import { aiPay } from './ai-pay';
import { dashboardDesigner } from './dashboard-designer';
import { designer } from './designer';
import { designerUi } from './designer-ui';
import { designerPanels } from './designer-panels';
import { documents } from './documents';
import { flows } from './flows';
import { resource } from './resource';
import { mess } from './mess';

addMessages(
  ai,
  aiChat,
  aiDescribe,
  aiGenerator,
  aiImage,
  aiPay,
  dashboardDesigner,
  designer,
  designerPanels,
  designerUi,
  documents,
  flows,
  mess,
  resource,
);
// Read by the server only (its answers are translated there): never shown by browser code.
addMessages(apiSources, moduleAdmin, net, sms, sys);
