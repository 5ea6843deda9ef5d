import { SelectWidget } from '../select/component';

/** The select component does the work; the compiler fixed its mode / search props for this type. */
export const SelectSearchWidget = SelectWidget;
