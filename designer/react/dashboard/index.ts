/**
 * The dashboard designer's barrel (docs/dashboards.md "The designer"): the shell's lazy
 * dashboard/design/{id} route imports only this, so the form designer's dnd-kit and CodeMirror stay
 * out of its chunk, and react-grid-layout out of every other.
 */
// The designer catalogs join the shared one when the designer loads (protocol/messages/late.ts).
import '../../../protocol/messages/late';
export { DashboardDesigner, type DashboardDesignerProps } from './DashboardDesigner';
