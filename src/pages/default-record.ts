/**
 * The record a detail page opens when the address names none (no ?id=): app/detail is the current
 * app's own detail (platform-shell §2, "app, app/detail: application list and detail") — the
 * server only lets an admin see their own app row anyway (server/access/tables.ts).
 */
export function defaultRecordId(route: string, appInfo: { id?: string } | undefined): string | undefined {
  if (route === 'app/detail') return appInfo?.id || undefined;
  return undefined;
}
