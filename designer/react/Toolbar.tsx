/** The designer's top bar: back, the module's title and state, undo / redo, the view switch, describe a change, preview, history and save. */
import { Badge, Button, Segmented, Space, Tag, Tooltip } from 'antd';
import { translate } from '../../protocol/messages';
import { canRedo, canUndo } from '../core';
import { useDesigner } from './context';

export function Toolbar(props: {
  title: string;
  dirty: boolean;
  issueCount: number;
  view: 'canvas' | 'json';
  saving: boolean;
  onView: (view: 'canvas' | 'json') => void;
  onBack: () => void;
  onSave: () => void;
  onHistory: () => void;
  onPreview: () => void;
  onDescribe: () => void;
}) {
  const { state, dispatch, lang, readOnly } = useDesigner();
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, key, vars);
  return (
    <div className="tessera-designer-toolbar">
      <Space>
        <Button onClick={props.onBack}>← {t('designerUi.back')}</Button>
        <strong className="tessera-designer-title">{props.title}</strong>
        {props.dirty ? (
          <Tag color="orange">{t('designerUi.unsaved')}</Tag>
        ) : (
          <Tag color="green">{t('designerUi.upToDate')}</Tag>
        )}
        {props.issueCount > 0 && <Tag color="red">{t('designerUi.invalid', { count: props.issueCount })}</Tag>}
      </Space>
      <Space>
        <Tooltip title="Ctrl+Z">
          <Button disabled={readOnly || !canUndo(state.editor)} onClick={() => dispatch({ type: 'undo' })}>
            {t('designerUi.undo')}
          </Button>
        </Tooltip>
        <Tooltip title="Ctrl+Shift+Z">
          <Button disabled={readOnly || !canRedo(state.editor)} onClick={() => dispatch({ type: 'redo' })}>
            {t('designerUi.redo')}
          </Button>
        </Tooltip>
        <Segmented
          value={props.view}
          onChange={(value) => props.onView(value as 'canvas' | 'json')}
          options={[
            { value: 'canvas', label: t('designerUi.canvasView') },
            { value: 'json', label: t('designerUi.jsonView') },
          ]}
        />
        <Button disabled={readOnly} onClick={props.onDescribe} data-testid="describe-open">
          {t('aiDescribe.button')}
        </Button>
        <Button onClick={props.onPreview}>{t('designerPreview.title')}</Button>
        <Button onClick={props.onHistory}>{t('designerUi.history')}</Button>
        <Badge dot={props.dirty}>
          <Button
            type="primary"
            disabled={readOnly || props.issueCount > 0}
            loading={props.saving}
            onClick={props.onSave}
          >
            {t('designerUi.save')}
          </Button>
        </Badge>
      </Space>
    </div>
  );
}
