/** Sizes fixed by building-blocks §9: import and column dialogs are 500px wide. */
export const DIALOG_WIDTH = 500;
