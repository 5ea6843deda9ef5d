/**
 * Only web addresses are framed or followed: a menu url is admin data, never a javascript: URL.
 * Apart from FramePage.tsx so the menu can check its links without loading the page.
 */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
