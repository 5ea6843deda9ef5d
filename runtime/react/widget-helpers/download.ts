/** Saves a data URL under a file name (QR / barcode previews: qrcode.png, barcode.png). */
export function downloadDataUrl(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
