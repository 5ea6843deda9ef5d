/**
 * The palette: every node and widget type the registry describes (runtime/core/palette.ts), in its
 * groups, titled in the user's language, filtered by the search box. No list of types here: a new
 * widget appears once it registers. Enter on an entry inserts it at the selection.
 */
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { Empty, Input } from 'antd';
import { useDraggable } from '@dnd-kit/core';
import { paletteEntries, type PaletteEntry } from '../../runtime/core/palette';
import { translate } from '../../protocol/messages';
import { useDesigner } from './context';
import { paletteId } from './drop';
import { insertPlaceFor } from './insert-place';

/** One entry; memoised with a stable insert, so an edit on the page re-renders no palette entry. */
const Entry = memo(function Entry({
  entry,
  readOnly,
  onInsert,
}: {
  entry: PaletteEntry;
  readOnly: boolean;
  onInsert: (entry: PaletteEntry) => void;
}) {
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: paletteId(entry),
    data: { entry },
    disabled: readOnly,
  });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      className={`tessera-designer-entry ${isDragging ? 'is-dragging' : ''}`}
      data-palette-type={entry.type}
      title={entry.type}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !readOnly) onInsert(entry);
        else listeners?.onKeyDown?.(event);
      }}
    >
      <span className="tessera-designer-entry-mark" aria-hidden>
        {entry.title.slice(0, 1)}
      </span>
      {entry.title}
    </div>
  );
});

export function Palette() {
  const { state, dispatch, readOnly, lang } = useDesigner();
  // The insert reads the latest document and selection through a ref: one callback for the life of the palette.
  const editor = useRef(state.editor);
  editor.current = state.editor;
  const insert = useCallback(
    (entry: PaletteEntry) => {
      const place = insertPlaceFor(editor.current.doc, editor.current.selection);
      if (place) dispatch({ type: 'run', command: { type: 'insert', entry, ...place } });
    },
    [dispatch],
  );
  const [query, setQuery] = useState('');
  const groups = useMemo(() => paletteEntries(lang), [lang]);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return groups;
    return groups
      .map((group) => ({
        ...group,
        entries: group.entries.filter((e) => e.title.toLowerCase().includes(q) || e.type.toLowerCase().includes(q)),
      }))
      .filter((group) => group.entries.length);
  }, [groups, query]);
  return (
    <div className="tessera-designer-palette" aria-label={translate(lang, 'designerUi.palette')}>
      <Input.Search
        allowClear
        size="small"
        placeholder={translate(lang, 'designerUi.paletteSearch')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {shown.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={translate(lang, 'designerUi.paletteEmpty')} />
      )}
      {shown.map((group) => (
        <section key={group.group} className="tessera-designer-group">
          <h4>{group.title}</h4>
          <div className="tessera-designer-entries">
            {group.entries.map((entry) => (
              <Entry key={`${entry.kind}:${entry.type}`} entry={entry} readOnly={readOnly} onInsert={insert} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
