/**
 * Every widget component bound to its type (browser only). One line per folder: a test fails if
 * a folder is missing here.
 */
import './definitions';
import { bindWidget } from '../react/bindings';
import { DateWidget } from './date/component';
import { InputWidget } from './input/component';
import { NumberWidget } from './number/component';
import { SelectWidget } from './select/component';
import { SwitchWidget } from './switch/component';
import { TextareaWidget } from './textarea/component';

bindWidget('date', DateWidget);
bindWidget('input', InputWidget);
bindWidget('number', NumberWidget);
bindWidget('select', SelectWidget);
bindWidget('switch', SwitchWidget);
bindWidget('textarea', TextareaWidget);
