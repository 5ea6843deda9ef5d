/**
 * The dashboard as one PNG without another dependency: each widget's box is painted where it sits
 * on screen — its title, and for a chart VChart's own canvas (exportCanvas), for the others their
 * visible text line by line (a stat's value, a table's rows). A frame's foreign page cannot be
 * read (the sandbox), so it shows its title only.
 */
export function paintDashboard(
  root: HTMLElement,
  canvases: ReadonlyMap<string, () => HTMLCanvasElement | undefined>,
  background: string,
): HTMLCanvasElement {
  const scale = window.devicePixelRatio || 1;
  const box = root.getBoundingClientRect();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(box.width * scale);
  canvas.height = Math.ceil(box.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  ctx.scale(scale, scale);
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, box.width, box.height);
  for (const widget of root.querySelectorAll<HTMLElement>('.tessera-widget')) {
    const r = widget.getBoundingClientRect();
    const x = r.left - box.left;
    const y = r.top - box.top;
    ctx.fillStyle = '#fff';
    ctx.fillRect(x, y, r.width, r.height);
    ctx.fillStyle = 'rgba(0,0,0,.88)';
    ctx.font = '600 15px sans-serif';
    const title = widget.querySelector('.tessera-widget-title')?.textContent ?? '';
    ctx.fillText(title, x + 16, y + 28, r.width - 32);
    const key = widget.dataset.widgetKey ?? '';
    const chart = canvases.get(key)?.();
    const body = widget.querySelector<HTMLElement>('.tessera-chart');
    if (chart && body) {
      const b = body.getBoundingClientRect();
      ctx.drawImage(chart, b.left - box.left, b.top - box.top, b.width, b.height);
      continue;
    }
    ctx.font = '14px sans-serif';
    const lines = (widget.innerText || '')
      .split('\n')
      .slice(1)
      .map((l) => l.trim())
      .filter(Boolean);
    let lineY = y + 56;
    for (const line of lines) {
      if (lineY > y + r.height - 8) break;
      ctx.fillText(line, x + 16, lineY, r.width - 32);
      lineY += 20;
    }
  }
  return canvas;
}

export function downloadCanvas(canvas: HTMLCanvasElement, name: string): void {
  const link = document.createElement('a');
  link.download = `${name.replace(/[\\/:*?"<>|]+/g, '_') || 'dashboard'}.png`;
  link.href = canvas.toDataURL('image/png');
  link.click();
}
