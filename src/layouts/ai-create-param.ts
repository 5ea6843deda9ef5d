/**
 * The query the top bar's "AI create app" adds to the applications route. Apart from the dialog
 * (AiAppDialog.tsx) so the top bar and the layout can name it without loading the dialog.
 */
export const AI_CREATE_PARAM = 'create';
