/**
 * The designer's canvas: the dashboard's widgets on react-grid-layout, in the layout of the device
 * picked in the toolbar — the desktop's (`lg`, 12 columns) or, in a tablet-wide frame, the tablet's
 * (`md`, 8 columns: the desktop's scaled until it is edited here, docs/dashboards.md), each drawn by the runtime itself
 * with its live data (NodeRenderer: what viewers get), inert so a click selects instead of paging
 * a table. Drag moves, the corner resizes, a palette entry dropped from outside lands where the
 * grid shows; each is one command when it ends (not on every pixel). A widget whose binding is
 * broken is outlined red with what is missing.
 */
import { Alert, Button, Empty, Tag, Tooltip } from 'antd';
import { memo, useMemo } from 'react';
import GridLayout, { useContainerWidth, type Layout, type LayoutItem } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import type { PageNode } from '../../../protocol/page-schema';
import { textOf } from '../../../protocol/page-schema';
import type { DashboardNodeSchema, DashboardWidget, GridItem } from '../../../runtime/core/dashboard/types';
import { BREAKPOINT_COLUMNS } from '../../../runtime/core/dashboard/types';
import { useRuntime, useT } from '../../../runtime/react/context';
import { NodeRenderer } from '../../../runtime/react/PageRenderer';
import { hasOwnLayout, layoutAt, startSize, type BindingProblem } from '../../core/dashboard';
import type { DesignDevice } from './DesignerToolbar';
import { dragging } from './WidgetPalette';
import { problemText } from './WidgetSettings';

export const DROPPING_KEY = '__dropping__';

interface Props {
  node: DashboardNodeSchema;
  selected: string | null;
  problems: Map<string, BindingProblem>;
  readOnly: boolean;
  breakpoint: DesignDevice;
  onSelect: (key: string | null) => void;
  onLayout: (items: GridItem[]) => void;
  /** The tablet follows the desktop layout again. */
  onResetLayout: () => void;
  onDrop: (type: string, at: GridItem, layout: GridItem[]) => void;
}

/** The widget as viewers see it; redrawn only when its own JSON changes (not on a move). */
const WidgetPreview = memo(function WidgetPreview({ widget }: { widget: DashboardWidget }) {
  return (
    // React 18 has no `inert` prop: set it on the element (no focus, no clicks inside the widget).
    <div className="tessera-dash-preview" ref={(element) => element?.setAttribute('inert', '')}>
      <NodeRenderer node={widget as unknown as PageNode} />
    </div>
  );
});

const plain = (layout: Layout): GridItem[] => layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));

/** Above the tablet's grid: whether its layout is its own, and the way back to the derived one. */
function TabletNote({ own, readOnly, onReset }: { own: boolean; readOnly: boolean; onReset: () => void }) {
  const t = useT();
  return (
    <Alert
      className="tessera-dash-device-note"
      data-testid="dash-tablet-note"
      type={own ? 'success' : 'info'}
      showIcon
      message={own ? t('dashDesigner.tabletOwn') : t('dashDesigner.tabletDerived')}
      action={
        own && !readOnly ? (
          <Button size="small" onClick={onReset}>
            {t('dashDesigner.tabletReset')}
          </Button>
        ) : undefined
      }
    />
  );
}

export function DesignGrid(props: Props) {
  const { node, selected, problems, readOnly, breakpoint, onSelect, onLayout, onDrop } = props;
  const { lang } = useRuntime();
  const t = useT();
  const { width, containerRef, mounted } = useContainerWidth();
  const keys = node.children.map((child) => child.key);
  const layout = useMemo<LayoutItem[]>(
    () => layoutAt(node, breakpoint).map((item) => ({ ...item })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [node.layouts, keys.join('\n'), breakpoint],
  );
  const rowHeight = node.props?.rowHeight ?? 80;

  return (
    <div className="tessera-dash-stage">
      {breakpoint === 'md' && (
        <TabletNote own={hasOwnLayout(node, 'md')} readOnly={readOnly} onReset={props.onResetLayout} />
      )}
      <div
        ref={containerRef as React.RefObject<HTMLDivElement>}
        className={`tessera-dash-canvas is-${breakpoint}`}
        data-testid="dash-canvas"
        data-breakpoint={breakpoint}
        onMouseDown={(event) => {
          // A click on the empty canvas clears the selection (a widget's own handler stops this).
          if (
            event.target === event.currentTarget ||
            (event.target as HTMLElement).classList.contains('react-grid-layout')
          )
            onSelect(null);
        }}
      >
        {!node.children.length && (
          <Empty
            className="tessera-dash-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('dashDesigner.emptyGrid')}
          />
        )}
        {mounted && (
          <GridLayout
            width={width}
            layout={layout}
            gridConfig={{ cols: BREAKPOINT_COLUMNS[breakpoint], rowHeight, margin: [12, 12] }}
            dragConfig={{ enabled: !readOnly, cancel: '.tessera-dash-no-drag' }}
            resizeConfig={{ enabled: !readOnly, handles: ['se', 'e', 's'] }}
            dropConfig={{
              enabled: !readOnly,
              defaultItem: { w: 4, h: 4 },
              // The placeholder has the size the dragged type starts at.
              onDragOver: () => (dragging.type ? startSize(dragging.type) : undefined),
            }}
            droppingItem={{ i: DROPPING_KEY, x: 0, y: 0, w: 4, h: 4 }}
            onDragStop={(next) => onLayout(plain(next))}
            onResizeStop={(next) => onLayout(plain(next))}
            onDrop={(next, item) => {
              const type = dragging.type;
              dragging.type = undefined;
              if (!type || !item) return;
              onDrop(type, { i: DROPPING_KEY, x: item.x, y: item.y, w: item.w, h: item.h }, plain(next));
            }}
            style={{ minHeight: 480 }}
          >
            {node.children.map((widget) => {
              const problem = problems.get(widget.key);
              const title = widget.title !== undefined ? textOf(widget.title, lang) : '';
              return (
                <div
                  key={widget.key}
                  data-design-key={widget.key}
                  className={`tessera-dash-cell${selected === widget.key ? ' is-selected' : ''}${problem ? ' is-broken' : ''}`}
                  // Capture: react-grid-layout's drag handler takes the cell's own onMouseDown.
                  onMouseDownCapture={() => onSelect(widget.key)}
                >
                  <WidgetPreview widget={widget} />
                  <div className="tessera-dash-tag">
                    {problem ? (
                      <Tooltip title={problemText(problem, t)}>
                        <Tag color="error" data-testid="broken-binding">
                          {t('dashDesigner.broken')}
                        </Tag>
                      </Tooltip>
                    ) : null}
                    {selected === widget.key && (
                      <Tag color="processing">
                        {title ? `${title} · ` : ''}
                        {widget.key}
                      </Tag>
                    )}
                  </div>
                </div>
              );
            })}
          </GridLayout>
        )}
      </div>
    </div>
  );
}
