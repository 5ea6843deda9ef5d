/**
 * The widget palette: the registered widget types of the chart group (designer/core/dashboard
 * isWidgetType — a new widget type appears once it registers), titled in the admin's language.
 * Drag one onto the grid (HTML5 drag: the grid's drop shows where it lands), or click it to add
 * it below the others.
 */
import { Typography } from 'antd';
import { useMemo } from 'react';
import { paletteEntries, type PaletteEntry } from '../../../runtime/core/palette';
import { useRuntime, useT } from '../../../runtime/react/context';
import { isWidgetType } from '../../core/dashboard';

/** The type being dragged: the grid's drop reads it (a drag's data is not readable during dragover). */
export const dragging: { type?: string } = {};

export function widgetEntries(lang: 'zh' | 'en'): PaletteEntry[] {
  return paletteEntries(lang)
    .flatMap((group) => group.entries)
    .filter((entry) => entry.kind === 'node' && isWidgetType(entry.type));
}

export function WidgetPalette({ onAdd, disabled }: { onAdd: (type: string) => void; disabled: boolean }) {
  const { lang } = useRuntime();
  const t = useT();
  const entries = useMemo(() => widgetEntries(lang), [lang]);
  return (
    <div className="tessera-dash-palette" data-testid="dash-palette">
      <Typography.Text strong>{t('dashDesigner.palette')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 8px' }}>
        {t('dashDesigner.paletteHint')}
      </Typography.Paragraph>
      {entries.map((entry) => {
        return (
          <div
            key={entry.type}
            role="button"
            tabIndex={0}
            className="tessera-dash-entry droppable-element"
            data-palette-type={entry.type}
            draggable={!disabled}
            unselectable="on"
            onDragStart={(event) => {
              dragging.type = entry.type;
              // Firefox starts a drag only with data set.
              event.dataTransfer.setData('text/plain', entry.type);
            }}
            onDragEnd={() => (dragging.type = undefined)}
            onClick={() => !disabled && onAdd(entry.type)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !disabled) onAdd(entry.type);
            }}
          >
            {/* A letter mark, as the form designer's palette: the icon set would weigh the chunk down. */}
            <span className="tessera-dash-entry-mark" aria-hidden>
              {entry.title.slice(0, 1)}
            </span>
            <span>{entry.title}</span>
          </div>
        );
      })}
    </div>
  );
}
