/**
 * designer/react: the React form designer over designer/core (docs/designer.md). The shell opens it
 * from a lazy route only (design/{module_id}); it takes its request function and language from the
 * runtime's provider, so it imports nothing of the shell.
 */
// The designer's catalogs join the shared one when the designer loads (protocol/messages/late.ts).
import '../../protocol/messages/late';
export { Designer, type DesignerProps } from './Designer';
