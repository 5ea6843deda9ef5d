/**
 * Every page-node component bound to its type (browser only). One line per folder that has a
 * component; <PageRenderer> finds them with getNodeComponent(type).
 */
import './definitions';
import { bindNode } from '../react/bindings';
import { FormNode } from './form/component';
import { ListNode } from './list/component';

bindNode('form', FormNode);
bindNode('list', ListNode);
