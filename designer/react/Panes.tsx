/**
 * The designer's three panes: the palette, the canvas (or the JSON view) and the settings with the
 * outline, with the drag layer around the palette and the canvas. Memoised apart from the designer
 * with stable props: @dnd-kit's DndContext is memoised on its props, so while its children stay the
 * same element it does not render again on an edit — a keystroke no longer re-renders every draggable and droppable on the
 * page (300 canvas nodes, the palette's entries) through dnd-kit's context (docs/benchmarks-log.md,
 * issue 14 session 2). The panes follow the document through the designer's context instead.
 */
import { memo, useState } from 'react';
import { translate } from '../../protocol/messages';
import type { StoreIssue } from './api';
import { Canvas, CanvasSource } from './Canvas';
import type { DesignerContextValue } from './context';
import { DndLayer } from './DndLayer';
import type { DropTarget } from './drop';
import { JsonView } from './JsonView';
import { Outline } from './Outline';
import { Palette } from './Palette';
import { createPreviewHosts, PreviewHostsContext, PreviewPortals } from './preview-portals';
import { SettingsPanel } from './SettingsPanel';
import type { DesignDocument } from '../core';
import type { DesignerAction } from './state';

export const Panes = memo(function Panes(props: {
  lang: 'zh' | 'en';
  view: 'canvas' | 'json';
  /** The designer's context over a described change's preview document, while one is pending. */
  pendingContext?: DesignerContextValue;
  onJsonProblems: (count: number) => void;
  remoteCheck?: (schema: unknown) => Promise<StoreIssue[]>;
  /** The drag layer's (DndLayer.tsx), all stable. */
  getDoc: () => DesignDocument;
  dispatch: (action: DesignerAction) => void;
  onTarget: (target: DropTarget | undefined) => void;
  onDropped: () => void;
}) {
  const { lang, view, pendingContext } = props;
  const [hosts] = useState(createPreviewHosts);
  // Only what drags or takes drops is inside the drag layer: the settings, the outline and the
  // fields' previews are not, so dnd-kit's context changes while dragging do not walk them. The
  // canvas's frames and the previews read one canvas store (CanvasSource), so they render in the
  // same commit: on opening, all ~300 previews in the first one.
  return (
    <div className="tessera-designer-panes">
      <CanvasSource pending={view === 'canvas' ? pendingContext : undefined}>
        <PreviewHostsContext.Provider value={hosts}>
          <DndLayer
            getDoc={props.getDoc}
            lang={lang}
            dispatch={props.dispatch}
            onTarget={props.onTarget}
            onDropped={props.onDropped}
          >
            <aside className="tessera-designer-left">
              <h3>{translate(lang, 'designerUi.palette')}</h3>
              <Palette />
            </aside>
            <main className="tessera-designer-center">
              {view === 'canvas' ? (
                // With a described change pending, CanvasSource shows its preview document read-only
                // until Accept or Discard.
                <Canvas />
              ) : (
                <JsonView onProblems={props.onJsonProblems} remoteCheck={props.remoteCheck} />
              )}
            </main>
          </DndLayer>
        </PreviewHostsContext.Provider>
        <aside className="tessera-designer-right">
          <h3>{translate(lang, 'designerUi.settings')}</h3>
          <SettingsPanel />
          <h3>{translate(lang, 'designerUi.outline')}</h3>
          <Outline />
        </aside>
        {view === 'canvas' && <PreviewPortals hosts={hosts} />}
      </CanvasSource>
    </div>
  );
});
