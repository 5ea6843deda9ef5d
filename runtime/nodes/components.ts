/**
 * Every page-node component bound to its type (browser only). One line per folder that has a
 * component; <PageRenderer> finds them with getNodeComponent(type). The list is bound eagerly (a
 * list page paints its table without waiting for another chunk); the others render through Formily
 * (forms and the containers' form scope), so they are fetched on first use and a read-only list
 * page parses no Formily before its first row.
 */
import { createElement, type ComponentType } from 'react';
import './definitions';
import { bindNode } from '../react/bindings';
import { lazyComponent } from '../react/lazy-component';
import { inlineRetry } from '../react/ChunkRetry';
import { ListNode } from './list/component';

const block = () =>
  createElement('div', { className: 'tessera-lazy-pending', 'aria-busy': true, style: { minHeight: 32 } });

/** Node type → its component's loader, for the nodes fetched on first use. */
const LAZY_NODES: Record<string, () => Promise<ComponentType<any>>> = {
  form: () => import('./form/component').then((m) => m.FormNode),
  grid: () => import('./grid/component').then((m) => m.GridNode),
  tab: () => import('./tab/component').then((m) => m.TabNode),
  card: () => import('./card/component').then((m) => m.CardNode),
  fileLibrary: () => import('./file-library/component').then((m) => m.FileLibraryNode),
  documents: () => import('./documents/component').then((m) => m.DocumentsNode),
  flows: () => import('./flows/component').then((m) => m.FlowsNode),
  // Dashboards and their widgets (docs/dashboards.md): VChart loads later still, in chart/vchart-view.
  dashboard: () => import('./dashboard/component').then((m) => m.DashboardNode),
  chart: () => import('./chart/component').then((m) => m.ChartNode),
  stat: () => import('./stat/component').then((m) => m.StatNode),
  dataTable: () => import('./data-table/component').then((m) => m.DataTableNode),
  textBlock: () => import('./text-block/component').then((m) => m.TextBlockNode),
  frame: () => import('./frame/component').then((m) => m.FrameNode),
  messages: () => import('./messages/component').then((m) => m.MessagesNode),
  tasks: () => import('./tasks/component').then((m) => m.TasksNode),
  aiChat: () => import('./ai-chat/component').then((m) => m.AiChatNode),
};

bindNode('list', ListNode);
for (const [type, load] of Object.entries(LAZY_NODES))
  bindNode(type, lazyComponent(load, block, { failed: inlineRetry }));
