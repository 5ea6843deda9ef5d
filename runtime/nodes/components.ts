/**
 * Every page-node component bound to its type (browser only). One line per folder that has a
 * component; <PageRenderer> finds them with getNodeComponent(type).
 */
import './definitions';
import { bindNode } from '../react/bindings';
import { FormNode } from './form/component';
import { GridNode } from './grid/component';
import { ListNode } from './list/component';
import { TabNode } from './tab/component';
import { CardNode } from './card/component';

bindNode('form', FormNode);
bindNode('list', ListNode);
bindNode('grid', GridNode);
bindNode('tab', TabNode);
bindNode('card', CardNode);
