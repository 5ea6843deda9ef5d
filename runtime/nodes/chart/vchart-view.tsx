/**
 * Draws a VChart spec. @visactor/vchart is imported here only, dynamically, so it lands in its own
 * chunk (it carries vrender 1.1, the gantt's vtable another vrender: never in the first page). The
 * chart follows its box's size and hands its canvas to the dashboard's PNG export.
 */
import { useEffect, useRef } from 'react';

type VChartInstance = {
  renderSync(): void;
  updateSpec(spec: unknown): Promise<unknown>;
  release(): void;
  on(event: string, handler: (params: { datum?: unknown }) => void): void;
  exportCanvas(): HTMLCanvasElement | undefined;
};

export function VChartView(props: {
  spec: Record<string, unknown>;
  onClickDatum?: (datum: unknown) => void;
  onCanvas?: (canvas: (() => HTMLCanvasElement | undefined) | undefined) => void;
  onDrawn?: () => void;
  /** The chart library failed to load or to draw this spec (the widget shows its error). */
  onFailed?: (error: Error) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<VChartInstance>();
  const click = useRef(props.onClickDatum);
  click.current = props.onClickDatum;
  const { spec, onCanvas, onDrawn, onFailed } = props;

  useEffect(() => {
    let live = true;
    const failed = (error: unknown) => live && onFailed?.(error instanceof Error ? error : new Error(String(error)));
    import('@visactor/vchart')
      .then(({ default: VChart }) => {
        if (!live || !box.current) return;
        if (chart.current) return chart.current.updateSpec(spec).then(() => live && onDrawn?.());
        const instance = new VChart(spec as never, { dom: box.current, autoFit: true }) as unknown as VChartInstance;
        instance.on('click', (params) => params.datum && click.current?.(params.datum));
        instance.renderSync();
        chart.current = instance;
        onCanvas?.(() => instance.exportCanvas());
        onDrawn?.();
      })
      .catch(failed);
    return () => {
      live = false;
    };
  }, [spec, onCanvas, onDrawn, onFailed]);

  useEffect(
    () => () => {
      chart.current?.release();
      chart.current = undefined;
      onCanvas?.(undefined);
    },
    [onCanvas],
  );

  // Sized by percentages, not `position: absolute; inset: 0`: VChart sets its container's position
  // to relative, and an in-flow box would then take the canvas's height and never follow its cell.
  return (
    <div
      ref={box}
      className="tessera-vchart"
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}
    />
  );
}
