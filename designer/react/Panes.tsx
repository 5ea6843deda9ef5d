/**
 * The designer's three panes: the palette, the canvas (or the JSON view) and the settings with the
 * outline. They are the drag layer's children and are memoised apart from the designer: @dnd-kit's
 * DndContext is memoised on its props, so while its children stay the same element it does not
 * render again on an edit — a keystroke no longer re-renders every draggable and droppable on the
 * page (300 canvas nodes, the palette's entries) through dnd-kit's context (docs/benchmarks-log.md,
 * issue 14 session 2). The panes follow the document through the designer's context instead.
 */
import { memo } from 'react';
import { translate } from '../../protocol/messages';
import type { Issue } from '../../protocol/issue';
import { Canvas } from './Canvas';
import { DesignerContext, type DesignerContextValue } from './context';
import { JsonView } from './JsonView';
import { Outline } from './Outline';
import { Palette } from './Palette';
import { SettingsPanel } from './SettingsPanel';

export const Panes = memo(function Panes(props: {
  lang: 'zh' | 'en';
  view: 'canvas' | 'json';
  /** The designer's context over a described change's preview document, while one is pending. */
  pendingContext?: DesignerContextValue;
  onJsonProblems: (count: number) => void;
  remoteCheck?: (schema: unknown) => Promise<Issue[]>;
}) {
  const { lang, view, pendingContext } = props;
  return (
    <div className="tessera-designer-panes">
      <aside className="tessera-designer-left">
        <h3>{translate(lang, 'designerUi.palette')}</h3>
        <Palette />
      </aside>
      <main className="tessera-designer-center">
        {view === 'canvas' && pendingContext ? (
          // The described change, shown read-only over a preview document until Accept or Discard.
          <DesignerContext.Provider value={pendingContext}>
            <Canvas />
          </DesignerContext.Provider>
        ) : view === 'canvas' ? (
          <Canvas />
        ) : (
          <JsonView onProblems={props.onJsonProblems} remoteCheck={props.remoteCheck} />
        )}
      </main>
      <aside className="tessera-designer-right">
        <h3>{translate(lang, 'designerUi.settings')}</h3>
        <SettingsPanel />
        <h3>{translate(lang, 'designerUi.outline')}</h3>
        <Outline />
      </aside>
    </div>
  );
});
